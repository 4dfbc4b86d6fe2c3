// Game options: the unit cards and heat combat options, prices, and the rulings GMs make
// differently (docs/rules/cnes.md).
import { z } from 'zod';
import { cnesHeatOptionsSchema } from '../../combat/cnes-heat/index.ts';

const money = z.number().int().min(0);

export const cnesOptions = z.strictObject({
  /** The combat system; its unit cards come from cards.yaml in the game folder. */
  combat: z.string().default('cnes-heat'),
  ...cnesHeatOptionsSchema.shape,
  /** $ a nation starts with when game.yaml does not give it (nation attribute `gold`). */
  startingGold: money.default(20),
  prices: z
    .strictObject({
      urbanize: money.default(10),
      industrialize: money.default(20),
      port: money.default(5),
      airbase: money.default(5),
      lab: money.default(10),
      stopRazing: money.default(10),
    })
    .prefault({}),
  /** "Research Lab: Gives some as yet undecided tech bonus": $ a lab adds, 0 until the GM decides. */
  labIncome: money.default(0),
  /** "By default, the maximum fortification level is 1": a nation's own cap is its `fortifyTech`. */
  fortifyTech: z.number().int().min(0).max(5).default(1),
  /** Blitz "can only be given once the appropriate tech has been researched": nations with attribute `blitz`, or all. */
  blitzForAll: z.boolean().default(false),
  /** Units entering unowned land take it (the document only speaks of taking it "during war"). */
  claimUnowned: z.boolean().default(true),
  /** "Provinces cannot build more than one unit per turn": a buy order over the limit is refused whole, or builds as many as the limit allows. */
  buildLimit: z.enum(['refuse', 'build-what-fits']).default('refuse'),
});

export type CnesOptions = z.infer<typeof cnesOptions>;
