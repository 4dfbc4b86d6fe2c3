// Every board NES scenario file, through the project's scenario runner: each must pass whole.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarioFile } from '../../../src/scenario/run-scenario.ts';
import { scenarioTools } from '../../../src/scenario/tools.ts';

const DIR = path.join(import.meta.dirname, '../../scenarios/board-nes');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

describe('board NES scenarios', () => {
  it('has a scenario for every part of the turn', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s', async (file) => {
    const result = await runScenarioFile(path.join(DIR, file), scenarioTools());
    expect(result.failures).toEqual([]);
  });
});
