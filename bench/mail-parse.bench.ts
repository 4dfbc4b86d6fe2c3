// The most one email can cost the order parser: a body of random order words far longer than is
// read, cut to MAX_TEXT as the mail loop cuts it, through the real parser and a real game. This is
// synchronous work inside the game's mail lease, so it must stay well inside LEASE_MS (target:
// a fifth of it). Five more once the reader is warm give mail-parse-warm-max (target 50 ms).
// Run: node --import tsx bench/mail-parse.bench.ts
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openGame } from '../src/game/open-game.ts';
import { LEASE_MS } from '../src/messages/message-ledger.ts';
import { readMail } from '../src/channels/email/read-mail.ts';
import { MAX_TEXT } from '../src/messages/incoming-message.ts';
import { parseMessage } from '../src/orders/parse-message.ts';

const FIXTURE = new URL('../test/mail/fixtures/board-nes/', import.meta.url);
const { game } = openGame('bench', {
  'game.yaml': readFileSync(new URL('game.yaml', FIXTURE), 'utf8'),
  'map.yaml': readFileSync(new URL('map.yaml', FIXTURE), 'utf8'),
});
const WORDS = ['army', 'buy', 'lon', 'the', 'fleet', 'move', 'to', 'support', 'hold', 'yor', 'edi', 'blue', 'attack', 'with', 'wal', 'convoy', 'lvp', 'nth'];
let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

/** The worst of five emails of random order words: its parse time in ms. */
async function worstOfFive(): Promise<number> {
  let worst = 0;
  for (let run = 0; run < 5; run++) {
    let body = '';
    for (let i = 0; body.length < 4 * MAX_TEXT; i++) body += `${WORDS[Math.floor(random() * WORDS.length)]}${i % 9 === 8 ? '\n' : ' '}`;
    const raw = Buffer.from(`From: player1@adjutant.test\r\nTo: game@adjutant.test\r\nSubject: orders\r\n\r\n${body.replace(/\n/g, '\r\n')}`);
    const mail = await readMail(raw);
    const started = performance.now();
    parseMessage({ ruleset: game!.ruleset, map: game!.map, nation: 'red', text: mail.text, state: game!.state, options: game!.ctx.options });
    worst = Math.max(worst, performance.now() - started);
  }
  return worst;
}

// The first email after a start pays for compiling the reader and building the game's name indexes.
console.log(JSON.stringify({ bench: 'mail-parse-max', value: Math.round(await worstOfFive()), unit: 'ms', target: LEASE_MS / 5 }));
// Five more once warm, as most emails find the process: what a long email costs in a running service.
console.log(JSON.stringify({ bench: 'mail-parse-warm-max', value: Math.round(await worstOfFive()), unit: 'ms', target: 50 }));
