// Every scenario under test/scenarios/ is a test of its own, run by the same runner as
// `adjutant scenario run`, so a failure names the scenario and every unmet expectation.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarioFile } from '../src/scenario/run-scenario.ts';
import { scenarioFiles } from '../src/scenario/run-scenarios.ts';
import { scenarioTools } from '../src/scenario/tools.ts';

const root = path.join(import.meta.dirname, 'scenarios');
const files = await scenarioFiles([root]);

describe('scenarios', () => {
  it('finds scenarios to run', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  it.each(files.map((f) => [path.relative(root, f), f]))('%s', async (_name, file) => {
    const result = await runScenarioFile(file, scenarioTools());
    expect(result.failures).toEqual([]);
  });
});
