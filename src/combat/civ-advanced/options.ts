// The schemas of what civ-advanced reads: its options (a ruleset may nest this schema in its own),
// the battle context and a side's battle plan. Rulings where GMs differ are options.
import { z } from 'zod';
import { defaultUnitTable, unitTableSchema } from './unit-table.ts';
import { unitClasses, type CivAdvancedContext, type CivAdvancedPlan } from './types.ts';

export const civAdvancedOptionsSchema = z.object({
  /** The Military Units Strength Table; the defaults hold the units the variant's examples use. */
  units: unitTableSchema.default(() => ({ ...defaultUnitTable })),
  /**
   * Which of a side's units take the CIA bonus when it has more matching units than the enemy has
   * targets: 'strongest' (newest era first, the player's best pairing) or 'oldest'.
   */
  ciaPairing: z.enum(['strongest', 'oldest']).default('strongest'),
  /**
   * Scientific superiority, "+1 per unit per 2 technologies ... (round total down)": 'total' floors
   * units x difference / 2; 'per-unit' floors the difference / 2 first, then multiplies.
   */
  scienceRounding: z.enum(['total', 'per-unit']).default('total'),
});

export type CivAdvancedOptions = z.infer<typeof civAdvancedOptionsSchema>;

export const civAdvancedContextSchema = z
  .object({
    settlement: z.boolean().optional(),
    era: z.number().int().min(1).optional(),
    greatWall: z.boolean().optional(),
    technologies: z.record(z.string(), z.number().int().min(0)).optional(),
  })
  .refine((c) => !c.settlement || c.era !== undefined, {
    message: 'a battle at a settlement needs the current era (context.era) for the settlement penalty',
    path: ['era'],
  }) satisfies z.ZodType<CivAdvancedContext>;

const planEntries = z.array(z.string().min(1));

export const civAdvancedPlanSchema = z.object({
  wave: planEntries.optional(),
  aircraftSupport: z.union([z.enum(unitClasses), z.array(z.enum(unitClasses))]).optional(),
  casualties: planEntries.optional(),
}) satisfies z.ZodType<CivAdvancedPlan>;

/** Thrown when a ruleset hands this system something it cannot fight with: a bug to fix, not a turn result. */
export class CivAdvancedError extends Error {
  override name = 'CivAdvancedError';
}

// Options are the same object for every battle of a game: parse once.
const parsedOptions = new WeakMap<object, CivAdvancedOptions>();
const defaultOptions = civAdvancedOptionsSchema.parse({});

export function readOptions(options: Record<string, unknown> | undefined): CivAdvancedOptions {
  if (!options) return defaultOptions;
  let parsed = parsedOptions.get(options);
  if (!parsed) {
    const result = civAdvancedOptionsSchema.safeParse(options);
    if (!result.success) throw new CivAdvancedError(`civ-advanced options: ${issuesText(result.error)}`);
    parsed = result.data;
    parsedOptions.set(options, parsed);
  }
  return parsed;
}

export function readContext(context: Record<string, unknown> | undefined, place: string): CivAdvancedContext {
  if (!context) return {};
  const result = civAdvancedContextSchema.safeParse(context);
  if (!result.success) throw new CivAdvancedError(`civ-advanced battle in ${place}: context ${issuesText(result.error)}`);
  return result.data;
}

/** A plan comes from a player's orders: one that cannot be read is ignored (and said so), never fatal. */
export function readPlan(plan: unknown): { plan: CivAdvancedPlan | null; problem?: string } {
  if (plan === undefined || plan === null) return { plan: null };
  const result = civAdvancedPlanSchema.safeParse(plan);
  return result.success ? { plan: result.data } : { plan: null, problem: issuesText(result.error) };
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ');
}
