import type { Command } from 'commander';
import { runScenarios } from '../../scenario/run-scenarios.ts';
import { scenarioTools } from '../../scenario/tools.ts';
import { printJson, type JsonOption } from '../output.ts';

export function register(program: Command): void {
  const scenario = program.command('scenario').description('Scenario files: one turn of a ruleset, written down (docs/scenarios.md).');
  scenario
    .command('run')
    .description('Run scenario files or folders; prints one line per scenario and "N passed, M failed".')
    .argument('<files...>', 'scenario files or folders of them')
    .option('--json', "print each scenario's name, file and failures as JSON")
    .action(async (files: string[], opts: JsonOption) => {
      const results = await runScenarios(files, scenarioTools(), opts.json ? () => undefined : (line) => console.log(line));
      if (opts.json) printJson(results);
      if (results.some((r) => r.failures.length) || results.length === 0) process.exitCode = 1;
    });
}
