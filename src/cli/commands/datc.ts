// `adjutant datc`: the Diplomacy Adjudicator Test Cases against the warfare ruleset. Prints one line
// per failing case (every case with --verbose) and ends with "N passed, M failed"; exits 1 on a failure.
import type { Command } from 'commander';
import { editions, runDatc } from '../../datc/run-datc.ts';
import { printJson } from '../output.ts';

export function register(program: Command): void {
  program
    .command('datc')
    .description('Run the DATC 3.0 test cases against the warfare ruleset; prints "N passed, M failed".')
    .option('--edition <edition>', `only the cases of one rulebook edition (${editions.join(', ')}; 2023 includes the cases for every edition)`)
    .option('--verbose', 'print every case, not only the failures')
    .option('--json', 'print every case and the counts as JSON')
    .action((options: { edition?: string; verbose?: boolean; json?: boolean }) => {
      if (options.edition && !(editions as readonly string[]).includes(options.edition)) {
        console.error(`There is no edition "${options.edition}"; the editions are ${editions.join(', ')}.`);
        process.exitCode = 1;
        return;
      }
      const { results, passed, failed } = runDatc({ edition: options.edition });
      if (failed > 0) process.exitCode = 1;
      if (options.json) return printJson({ passed, failed, results });
      for (const r of results) {
        if (r.passed && !options.verbose) continue;
        console.log(`${r.passed ? 'pass' : 'FAIL'}  ${r.id} (${r.edition}) ${r.title}${r.passed ? '' : `: ${r.detail}`}`);
      }
      console.log(`${passed} passed, ${failed} failed`);
    });
}
