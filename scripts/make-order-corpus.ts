// Writes the forum-style order corpus (test/orders/<ruleset>/forum-*.yaml): each order a player may
// mean, written the ways players write on forums (names, abbreviations, word orders, greetings,
// sentences), with the order it must give, the readings the GM must be asked about, or the advice
// a refusal must hold. The expectations come from the order meant here, never from the parser.
//   node --import tsx scripts/make-order-corpus.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { boardNesCases } from './order-corpus/board-nes.ts';
import { warfareNoStateCases, warfareStateCases } from './order-corpus/warfare.ts';
import {
  warfareConventionNoStateCases,
  warfareConventionRemovalCases,
  warfareConventionRetreatCases,
  warfareConventionSpringCases,
  warfareConventionWinterCases,
} from './order-corpus/warfare-conventions.ts';
import type { CorpusCase } from './order-corpus/variants.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function write(file: string, header: Record<string, string>, about: string, cases: CorpusCase[]): void {
  const lines = cases.reduce((n, c) => n + c.lines.length, 0);
  const text = `# ${about}\n# Written by scripts/make-order-corpus.ts (${lines} lines); measured as a whole (test/orders/corpus.test.ts, npm run bench -- parse).\n${stringify({ ...header, measured: true, cases }, { lineWidth: 0 })}`;
  writeFileSync(path.join(root, file), text);
  console.log(`Wrote ${file}: ${cases.length} cases, ${lines} lines.`);
}

write(
  'test/orders/warfare/forum-spring-1901.yaml',
  { ruleset: 'warfare', map: '../../../examples/standard/map.yaml', nation: 'france', state: 'states/spring-1901.yaml' },
  'France in Spring 1901 on the standard map, orders as players write them on forums.',
  warfareStateCases(),
);
write(
  'test/orders/warfare/forum-no-state.yaml',
  { ruleset: 'warfare', map: '../../../examples/standard/map.yaml', nation: 'england' },
  'Orders on the standard map without a game state: syntax, names and abbreviations alone.',
  warfareNoStateCases(),
);
const standard = '../../maps/orders-standard.yaml';
write(
  'test/orders/warfare/judges-spring-1901.yaml',
  { ruleset: 'warfare', map: standard, nation: 'france', state: 'states/spring-1901.yaml' },
  "France in Spring 1901, orders in other judges' and hosts' conventions (njudge, DPjudge, the DATC, webDiplomacy, Backstabbr).",
  warfareConventionSpringCases(),
);
write(
  'test/orders/warfare/judges-no-state.yaml',
  { ruleset: 'warfare', map: standard, nation: 'england' },
  "Orders without a game state in other judges' and hosts' conventions: convoys, supports to hold, coasts in every spelling.",
  warfareConventionNoStateCases(),
);
write(
  'test/orders/warfare/judges-winter-1901.yaml',
  { ruleset: 'warfare', map: standard, nation: 'france', state: 'states/winter-1901.yaml' },
  "France in Winter 1901 with a build due, in the judges' and hosts' conventions (the winter shorthand too).",
  warfareConventionWinterCases(),
);
write(
  'test/orders/warfare/judges-winter-removals.yaml',
  { ruleset: 'warfare', map: standard, nation: 'england', state: 'states/winter-1901.yaml' },
  "England in Winter 1901 with a removal due, in the judges' and hosts' conventions.",
  warfareConventionRemovalCases(),
);
write(
  'test/orders/warfare/judges-retreats.yaml',
  { ruleset: 'warfare', map: standard, nation: 'france', state: 'states/spring-1901-retreats.yaml' },
  "France's dislodged army in Paris, in the judges' and hosts' conventions.",
  warfareConventionRetreatCases(),
);
write(
  'test/orders/board-nes/forum-turn-3.yaml',
  { ruleset: 'board-nes', map: '../../maps/board-nes-small.yaml', nation: 'red', state: 'states/turn-3.yaml' },
  'Redmark in turn 3 of the small board NES map, orders as players write them on forums.',
  boardNesCases(),
);
