// Options of CNES heat combat, and the per-unit fields a ruleset hands it (types in index.ts).
import { z } from 'zod';
import { cardsSchema, starterCards } from './cards.ts';

export const cnesHeatOptionsSchema = z.strictObject({
  /** The unit cards; cards.yaml in the game folder fills this (card-file.ts). */
  cards: cardsSchema.default(() => structuredClone(starterCards) as z.infer<typeof cardsSchema>),
  /** "Battles typically occur across three heats." */
  heats: z.number().int().min(1).max(10).default(3),
  /** "By default, a 5% chance": a d20 showing 20. Off for GMs who drop criticals. */
  criticalHits: z.boolean().default(true),
  /** Splash attacks may also be criticals (the document is silent; off: half-power shots never are). */
  splashCriticals: z.boolean().default(false),
});

export type CnesHeatOptions = z.infer<typeof cnesHeatOptionsSchema>;

export class CnesCombatError extends Error {
  override name = 'CnesCombatError';
}
