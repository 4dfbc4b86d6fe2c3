// Warfare's options: rule editions and the house rules GMs disagree on (docs/rules/warfare.md).
import { z } from 'zod';

/** Rulebook editions the DATC distinguishes; '2023' is the current rulebook. */
export const editions = ['2023', '1982', '1971', 'dptg'] as const;
export type Edition = (typeof editions)[number];

export const warfareOptions = z.strictObject({
  /** Which rulebook settles convoys to adjacent provinces, paradoxes and civil disorder. */
  edition: z.enum(editions).default('2023'),
  /**
   * 'lenient' follows the DATC's preferences for sloppy coasts (6.B.2, 6.B.10, 6.B.12): the only
   * reachable coast is assumed, a unit's wrongly named coast and an army's coast are ignored.
   * 'strict' takes orders exactly as written, as the DATC JSON does.
   */
  coasts: z.enum(['lenient', 'strict']).default('lenient'),
  /**
   * An army ordered to an adjacent province whose own fleet convoys it still walks when the convoy
   * fails (the DATC JSON's 6.G.11); false is the DATC 3.0 author's "no fallback" preference.
   */
  implicitConvoyFallback: z.boolean().default(true),
  /** Convoys through several fleets (standard); false keeps the seed's literal one-fleet convoy. */
  convoyChains: z.boolean().default(true),
  /** 'fall': owners change after the Fall turn (standard); 'every-phase': after every move or retreat. */
  ownership: z.enum(['fall', 'every-phase']).default('fall'),
  /** Orders are published with the results, as in Diplomacy; false keeps them between the nations involved. */
  revealOrders: z.boolean().default(true),
  startYear: z.number().int().default(1901),
});

export type WarfareOptions = z.infer<typeof warfareOptions>;
