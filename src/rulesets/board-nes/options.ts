// Game options: prices, taxes and the rulings GMs make differently (docs/rules/board-nes.md).
import { z } from 'zod';
import { civAdvancedOptionsSchema } from '../../combat/civ-advanced/index.ts';
import { findUnitKind } from './unit-kinds.ts';

const gold = z.number().int().min(0);

export const boardNesOptions = z
  .strictObject({
    /** The combat system for land and sea battles. */
    combat: z.string().default('board-nes-dice'),
    /** The current era, for combat systems that use one (civ-advanced: 1 ancient ... 4 modern; required there). */
    era: z.number().int().min(1).optional(),
    /** civ-advanced combat: its own options (unit table, rulings), and how board NES units get a kind. */
    civAdvanced: z
      .strictObject({
        ...civAdvancedOptionsSchema.shape,
        /** The kind a unit gets when bought (or set up) without one. */
        defaultUnitKinds: z.strictObject({ army: z.string().min(1).default('swordsmen'), fleet: z.string().min(1).default('galleons') }).prefault({}),
      })
      .prefault({}),
    /** Gold a nation starts with when game.yaml does not give it (nation attribute `gold`). */
    startingGold: gold.default(10),
    prices: z
      .strictObject({
        army: gold.default(2),
        fleet: gold.default(3),
        town: gold.default(2),
        militaryBase: gold.default(3),
        city: gold.default(5),
        engineeredCity: gold.default(15),
        caravan: gold.default(1),
        escort: gold.default(1),
      })
      .prefault({}),
    /** Tax per owned province, by its structure. */
    taxes: z.strictObject({ none: gold.default(1), town: gold.default(2), militaryBase: gold.default(1), city: gold.default(3) }).prefault({}),
    upkeep: gold.default(1),
    /** Armies one fleet can carry. */
    fleetCapacity: z.number().int().min(1).default(4),
    /** Gold a caravan brings home when it is not stolen. */
    caravanReturn: gold.default(2),
    /** Gold a thief gets for each caravan it steals: the sender's investment. */
    stolenCaravanValue: gold.default(1),
    /** Disbanding an unsupported unit cancels the upkeep it was not paid (one gold a unit). */
    debtClearedByDisband: z.boolean().default(true),
    /** Units bought this turn pay upkeep at the end of this turn too. */
    upkeepOnBuildTurn: z.boolean().default(true),
    /** A province taken without a battle (nobody defended it) also loses a structure level. */
    unopposedCaptureDowngrades: z.boolean().default(false),
    /** A fleet bought this turn may already take on armies (it still cannot move or unload). */
    newFleetsMayLoad: z.boolean().default(false),
  })
  .superRefine((options, ctx) => {
    if (options.combat !== 'civ-advanced') return;
    if (options.era === undefined) {
      ctx.addIssue({ code: 'custom', path: ['era'], message: 'civ-advanced combat needs the current era (1 ancient, 2 medieval, 3 gunpowder, 4 modern)' });
    }
    const { units, defaultUnitKinds } = options.civAdvanced;
    for (const type of ['army', 'fleet'] as const) {
      const found = findUnitKind(units, defaultUnitKinds[type]);
      const problem = !found
        ? `"${defaultUnitKinds[type]}" is not in the unit table (${Object.keys(units).join(', ')})`
        : (found.entry.class === 'naval') !== (type === 'fleet') || found.entry.class === 'aircraft'
          ? `"${found.kind}" are ${found.entry.class}, not ${type === 'fleet' ? 'ships' : 'land units'}`
          : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['civAdvanced', 'defaultUnitKinds', type], message: problem });
    }
  });

export type BoardNesOptions = z.infer<typeof boardNesOptions>;
