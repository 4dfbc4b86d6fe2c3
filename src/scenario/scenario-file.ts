// The scenario schema (docs/scenarios.md): one turn of one ruleset, written down.
import { z } from 'zod';
import { mapFileSchema } from '../game/map-file.ts';
import { stateSchema } from '../game/state-file.ts';

const pattern = z.record(z.string(), z.unknown());
const textChecks = z.strictObject({ contains: z.array(z.string()).default([]), lacks: z.array(z.string()).default([]) });

export const scenarioSchema = z.strictObject({
  name: z.string().min(1),
  source: z.string().optional(),
  ruleset: z.string().min(1),
  options: z.record(z.string(), z.unknown()).default({}),
  /** A map file (relative to the scenario) or a map written inline. */
  map: z.union([z.string(), mapFileSchema]),
  state: stateSchema,
  /** Per nation: free text as a player emails it, or already-parsed orders. */
  orders: z.record(z.string(), z.union([z.string(), z.array(z.looseObject({ kind: z.string() }))])).default({}),
  dice: z.array(z.number().int()).optional(),
  seed: z.string().optional(),
  expect: z.strictObject({
    state: pattern.optional(),
    events: z.array(pattern).default([]),
    absent: z.array(pattern).default([]),
    orders: z.record(z.string(), z.array(z.strictObject({ index: z.number().int().min(0), ok: z.boolean(), reason: z.string().optional() }))).default({}),
    parse: z
      .record(z.string(), z.strictObject({ orders: z.number().int().optional(), ambiguous: z.number().int().optional(), errors: z.number().int().optional() }))
      .default({}),
    private: z.record(z.string(), textChecks).default({}),
    public: textChecks.optional(),
  }),
});

export type Scenario = z.infer<typeof scenarioSchema>;
