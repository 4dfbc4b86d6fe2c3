// Whole emails, not lines: what one message costs to clean, parse and check against the game
// (board NES, the mail tests' game), for four messages a player or a stranger could send:
// 64 KB of prose, 2,000 order lines, one line of 1 MB, and a thread quoted forty deep. Each figure
// is the median of warm runs, in CPU time (as the parse bench counts), so other work on a shared
// machine does not count against the parser. "email-event-loop-delay-max" is the longest the event loop waited
// while all four were parsed as the mail loop parses them (parseMessageInSlices, which gives the loop
// a turn every SLICE_MS of work), as a mail worker's timers and lease renewals would wait.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openGame } from '../src/game/open-game.ts';
import { parseMessage, parseMessageInSlices } from '../src/orders/parse-message.ts';

const FIXTURE = new URL('../test/mail/fixtures/board-nes/', import.meta.url);
const files = { 'game.yaml': readFileSync(new URL('game.yaml', FIXTURE), 'utf8'), 'map.yaml': readFileSync(new URL('map.yaml', FIXTURE), 'utf8') };
const { game, problems } = openGame('email-bench', files);
if (!game) throw new Error(`the mail tests' game does not open: ${problems[0]?.message}`);

const WORDS =
  'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so what up out about who into them then more could some other its over only time new these may like than our after first also any most through where much before long down such own just very well even back those made many great way good little still world'.split(
    ' ',
  );
/** Lines of ten to fourteen everyday words, drawn by a seeded generator (the same text every run). */
function prose(bytes: number): string {
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % WORDS.length;
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = Array.from({ length: 10 + (i % 5) }, () => WORDS[next()]).join(' ');
    lines.push(line[0].toUpperCase() + line.slice(1) + '.');
    size += line.length + 2;
  }
  return lines.join('\n');
}
const ORDER_FORMS = [
  'Buy army in lon',
  'Buy fleet in lon at nth',
  'Move army from lon to yor',
  'Buy town in yor',
  'Hold army in lon',
  'Move 2 armies from yor to mid',
];
/** Orders of every form, most of them different (counts and places vary), as a long order list is. */
function orderLines(count: number): string {
  const places = ['lon', 'yor', 'mid', 'wal'];
  return Array.from({ length: count }, (_, i) => {
    const [a, b] = [places[i % 4], places[(i + 1 + (i >> 2)) % 4]];
    return [
      `Buy ${1 + (i % 9)} armies in ${a}`,
      `Move ${1 + (i % 7)} armies from ${a} to ${b}`,
      `Buy fleet in lon at nth`,
      `Hold army in ${a}`,
      `Move army from ${a} to ${b} and claim`,
    ][i % 5];
  }).join('\n');
}
function quotedThread(depth: number): string {
  const parts: string[] = ['Buy army in lon', ''];
  for (let d = 1; d <= depth; d++) {
    const q = '> '.repeat(d);
    parts.push(`${q}On Mon, 1 Jan 2026 at 10:${String(d % 60).padStart(2, '0')}, Player ${d} <p${d}@example.org> wrote:`);
    for (let l = 0; l < 20; l++) parts.push(`${q}${ORDER_FORMS[(d + l) % ORDER_FORMS.length]} and some words about it`);
  }
  return parts.join('\n');
}

const messages: Array<[string, string]> = [
  ['email-prose-64k', prose(64 * 1024)],
  ['email-order-lines-2000', orderLines(2000)],
  ['email-line-1m', 'Buy army in lon ' + 'x'.repeat(1024 * 1024)],
  ['email-quoted-thread', quotedThread(40)],
];
const input = (text: string) => ({ ruleset: game.ruleset, map: game.map, nation: 'red', text, state: game.state, options: game.ctx.options });
const parse = (text: string) => parseMessage(input(text));

// Warm-up: the JIT needs about ten parses of the long messages before their cost settles (the
// 2,000-line email: about 180, 90, 90, 49, 42, ... then 28-33 ms from the tenth on). A running
// service is past that after its first emails; the first ones also parse in slices, so the
// event loop never waits for them (email-event-loop-delay-max).
for (const [, text] of messages) for (let i = 0; i < 12; i++) parse(text);

for (const [bench, text] of messages) {
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const cpu = process.cpuUsage();
    parse(text);
    const used = process.cpuUsage(cpu);
    times.push((used.user + used.system) / 1000);
    await new Promise((r) => setImmediate(r)); // let the event loop turn between messages
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ bench, value: Number(times[3].toFixed(2)), unit: 'ms', target: 50 }));
}

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
for (let run = 0; run < 3; run++) for (const [, text] of messages) await parseMessageInSlices(input(text));
delay.disable();
console.log(JSON.stringify({ bench: 'email-event-loop-delay-max', value: Number((delay.max / 1e6).toFixed(1)), unit: 'ms', target: 50 }));
