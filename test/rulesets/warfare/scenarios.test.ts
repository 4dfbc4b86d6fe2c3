// Every warfare scenario file (test/scenarios/warfare/) through the real scenario runner.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarioFile } from '../../../src/scenario/run-scenario.ts';
import { scenarioFiles } from '../../../src/scenario/run-scenarios.ts';
import { scenarioTools } from '../../../src/scenario/tools.ts';

const folder = path.join(import.meta.dirname, '../../scenarios/warfare');
const files = await scenarioFiles([folder]);

describe('warfare scenarios', () => {
  it('has a scenario for each landmark and for the seed sentences', () => {
    expect(files.map((f) => path.basename(f, '.yaml'))).toEqual(
      expect.arrayContaining([
        'landmark-supply-center',
        'landmark-linked-portal',
        'landmark-mercenary-company',
        'landmark-place-of-power',
        'landmark-person-of-interest',
        'landmark-ancient-ruins',
        'support-another-kingdom',
        'support-only-where-it-could-move',
        'convoy-fleet-touches-both-coasts',
      ]),
    );
  });

  it.each(files.map((f) => [path.basename(f), f]))('%s', async (_, file) => {
    const result = await runScenarioFile(file, scenarioTools());
    expect(result.failures).toEqual([]);
  });
});
