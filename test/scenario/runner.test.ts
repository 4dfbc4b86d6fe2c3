import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '../support/fixture-claims/index.ts';
import { runScenarioFile } from '../../src/scenario/run-scenario.ts';
import { runScenarios } from '../../src/scenario/run-scenarios.ts';
import { scenarioTools } from '../../src/scenario/tools.ts';

const DIR = path.join(import.meta.dirname, '../fixtures/scenarios');
const tools = scenarioTools();

describe('scenario runner', () => {
  it('passes a scenario whose expectations all hold, with forced dice', async () => {
    const result = await runScenarioFile(path.join(DIR, 'contested-claim.yaml'), tools);
    expect(result).toEqual({ file: path.join(DIR, 'contested-claim.yaml'), name: 'A contested claim goes to the higher roll', failures: [] });
  });

  it('reports every unmet expectation with expected and actual, and unused forced dice', async () => {
    const { failures } = await runScenarioFile(path.join(DIR, 'wrong-expectations.yaml'), tools);
    expect(failures).toEqual([
      'dice: 2 dice were forced but the turn rolled only 1.',
      'state: provinces.nor.owner: expected "blue", got "red"',
      'event missing: {"type":"claim.tied"}; events of that type: []',
      'order red[0]: expected failure, got success: ',
    ]);
  });

  it('fails loudly when the forced dice run out', async () => {
    const { failures } = await runScenarioFile(path.join(DIR, 'bad-dice.yaml'), tools);
    expect(failures).toEqual(['dice: Only 1 forced dice were given, but the turn needs more: roll 2 is a d6 for blue claims nor.']);
  });

  it('turns a malformed scenario into a clear failure with file and line', async () => {
    const file = path.join(DIR, 'malformed.yaml');
    const { failures } = await runScenarioFile(file, tools);
    expect(failures).toContain(`${file}:4: stat: "stat" is not a field here (did you mean "state"?).`);
    expect(failures).toContain(`${file}:1: state: this field is required (object).`);
  });

  it('reports a missing file instead of skipping it, and ends with the count line', async () => {
    const lines: string[] = [];
    const results = await runScenarios([path.join(DIR, 'contested-claim.yaml'), path.join(DIR, 'no-such.yaml')], tools, (l) => lines.push(l));
    expect(results.map((r) => r.failures.length > 0)).toEqual([false, true]);
    expect(lines[0]).toMatch(/^pass {2}A contested claim/);
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
  });
});
