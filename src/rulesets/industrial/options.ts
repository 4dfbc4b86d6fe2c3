// Game options: the numbers the rule document leaves to the GM, and the rulings GMs make
// differently (docs/rules/industrial.md says which passage each one settles).
import { z } from 'zod';

const gold = z.number().int().min(0);
const turns = z.number().int().min(0);

/** What one build order costs and how many turns it takes (0: ready in this turn's production phase). */
const build = (cost: number, time: number) => z.strictObject({ cost: gold.default(cost), turns: turns.default(time) }).prefault({});

export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
export type Season = (typeof SEASONS)[number];

export const industrialOptions = z.strictObject({
  /** The season of the first turn; each turn is one season, four to a year. */
  firstSeason: z.enum(SEASONS).default('spring'),
  firstYear: z.number().int().default(1861),
  /** Movement actions each ship has in a turn (the document: "a limited number"). */
  shipActions: z.number().int().min(1).max(10).default(3),
  /** Land units one warship or battleship carries; submarines carry none. */
  shipCapacity: z.number().int().min(0).default(2),
  /** Sea steps from a friendly unblockaded port within which a ship takes no supply penalty. */
  shipSupplyRange: z.number().int().min(0).default(3),
  /**
   * "TODO" in the document: `dice` fights sea battles with the land table's dice and casualties
   * (ruling N1 in docs/rules/industrial.md); `none` leaves hostile ships side by side.
   */
  navalCombat: z.enum(['dice', 'none']).default('dice'),
  /**
   * Which ships meeting at sea fight (ruling N2): `kill-on-sight`, only those one nation's list
   * names; `not-at-peace`, also ships of nations without a peace treaty that neither targets,
   * after the targeted combats ("mutually untargeted hostile boats").
   */
  navalHostility: z.enum(['kill-on-sight', 'not-at-peace']).default('kill-on-sight'),
  /**
   * When forces board and land (ruling N3): `in-rounds` in the round the ship is there, after that
   * round's moves, as the document's list of movement orders says, so forces board in port and
   * sail in one turn; `after-combat` once every round and sea combat is over, as its automation says.
   */
  boarding: z.enum(['in-rounds', 'after-combat']).default('in-rounds'),
  /**
   * The casualty rule says "one additional casualty for each multiple of 10" but its examples say
   * "14 = 1 casualty, 22 = 2": `examples` follows the examples, `additional` the sentence.
   */
  casualties: z.enum(['examples', 'additional']).default('examples'),
  /**
   * Generals of tech 1-3 "reroll worst losing combat result at most once (twice) this season":
   * `worst` rerolls the season's worst losing results once every combat is fought; `first` spends
   * the allowance on the first losing results, as the combats are fought (ruling L7).
   */
  generalRerolls: z.enum(['worst', 'first']).default('worst'),
  /** Winter penalty on entrenchment everywhere in winter, or only in provinces marked `winter: true`. */
  winterEverywhere: z.boolean().default(false),
  /**
   * What "cut off from" supplied territory means (ruling S1): `adjacent` counts every province the
   * nation owns and controls, unblockaded; `capital` only those linked to its capital (or
   * provisional capital) by a chain of such provinces free of hostile land forces.
   */
  supplyLines: z.enum(['adjacent', 'capital']).default('adjacent'),
  /** Orders that leave a requirement unmet are refused (the document), or kept with defaults filling the gap. */
  incompleteOrders: z.enum(['refuse', 'fill']).default('refuse'),
  /** Turns an occupation must last, at the progress phase, before the province changes owner. */
  annexTurns: z.number().int().min(1).default(2),
  /** Upkeep paid in winter for each unit (generals too). */
  upkeep: z
    .strictObject({
      infantry: gold.default(1),
      conscript: gold.default(0),
      artillery: gold.default(1),
      general: gold.default(1),
      warship: gold.default(2),
      battleship: gold.default(3),
      submarine: gold.default(2),
    })
    .prefault({}),
  /** Income a province gives in summer and in winter when the map gives it none. */
  provinceIncome: gold.default(1),
  builds: z
    .strictObject({
      infantry: build(3, 0),
      conscript: build(1, 0),
      artillery: build(4, 1),
      warship: build(6, 1),
      battleship: build(12, 2),
      submarine: build(8, 2),
      port: build(5, 1),
      portUpgrade: build(5, 1),
      factory: build(10, 2),
      academy: build(8, 2),
      fort: build(6, 1),
      fortReactivation: build(2, 0),
      railroad: build(4, 1),
      canal: build(20, 4),
      tech: build(20, 2),
      displacedWorkers: build(5, 0),
      provinceUpgrade: build(6, 1),
    })
    .prefault({}),
});

export type IndustrialOptions = z.infer<typeof industrialOptions>;
