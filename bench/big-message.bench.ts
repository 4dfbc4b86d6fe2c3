// What one huge message costs everyone else: two `adjutant serve` processes
// (bench/support/served-flood.ts) take 100 messages (50 emails, 50 thread posts, five a second),
// first alone, then with a 1 MB email and a 1 MB post sent just before them. The time from each
// message sent to its answer (the email in the player's mailbox, the post's private confirmation
// sent) is taken, and the 95th percentile of the two rounds compared:
//   big-message-p95-alone   the 100 messages' p95 with nothing else to do
//   big-message-p95-with    the same with the two 1 MB messages in their midst
//   big-message-p95-ratio   with / alone (target 2: a huge message may not hold up the others)
//   big-message-answered    of the two 1 MB messages, how many were answered (target 2)
// The thread is read every second, so a post's time includes up to a second of waiting to be read.
//   node --import tsx bench/big-message.bench.ts
import { localServices } from '../test/support/local-services.ts';
import { requireServices } from '../test/support/services.ts';
import { serveFlood, type ServedFlood } from './support/served-flood.ts';

const EACH = 50;
const PER_SECOND = 5;
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const local = await localServices(['mail']).catch((e: Error) => {
  console.error(`big-message bench: ${e.message}`);
  process.exit(1);
});
await requireServices(['imap', 'smtp']);
const flood = await serveFlood('big', { serves: 2, readEveryS: 1, lockMs: 8000 });

/** Order words and half-open blocks, the most a reader's scanners could be made to work on. */
function hugeText(): string {
  const lines = ['Buy army in lon at nth with 3 and then', '[orders] Buy army in edi [quote="Bob"][orders]', 'Move army from lon to york via the sea'];
  let text = '';
  for (let i = 0; text.length < MB; i++) text += `${lines[i % lines.length]}\n`;
  return text;
}

/** Sends messages [from, from + 2 * EACH) at PER_SECOND, emails and posts taking turns; each one's sending time. */
async function round(from: number): Promise<Map<string, number>> {
  const sent = new Map<string, number>();
  for (let i = 0; i < 2 * EACH; i++) {
    const n = from + Math.floor(i / 2);
    sent.set(i % 2 ? `post ${n}` : `email ${n}`, Date.now());
    if (i % 2) flood.post(n);
    else await flood.email(n);
    await sleep(1000 / PER_SECOND);
  }
  return sent;
}

/** Waits until every message of the round is answered; the p95 of sent-to-answered, in ms. */
async function p95(flood: ServedFlood, sent: Map<string, number>): Promise<number> {
  const answeredAt = (key: string) => {
    const [kind, n] = key.split(' ');
    return (kind === 'email' ? flood.emailAnswers : flood.postAnswers).get(Number(n))?.at;
  };
  for (const until = Date.now() + 10 * 60_000; Date.now() < until; await sleep(200)) {
    await flood.look();
    if ([...sent.keys()].every((key) => answeredAt(key) !== undefined)) break;
  }
  const times = [...sent].map(([key, at]) => (answeredAt(key) ?? Number.POSITIVE_INFINITY) - at).sort((a, b) => a - b);
  return Math.round(times[Math.ceil(0.95 * times.length) - 1]);
}

try {
  const alone = await p95(flood, await round(0));
  await flood.email(1_000_000, hugeText());
  flood.post(1_000_000, hugeText());
  const withHuge = await p95(flood, await round(EACH));
  for (const until = Date.now() + 5 * 60_000; Date.now() < until; await sleep(500)) {
    await flood.look();
    if (flood.emailAnswers.has(1_000_000) && flood.postAnswers.has(1_000_000)) break;
  }
  const answered = Number(flood.emailAnswers.has(1_000_000)) + Number(flood.postAnswers.has(1_000_000));
  console.log(JSON.stringify({ bench: 'big-message-p95-alone', value: alone, unit: 'ms', target: 5000 }));
  console.log(JSON.stringify({ bench: 'big-message-p95-with', value: withHuge, unit: 'ms', target: 2 * alone }));
  console.log(JSON.stringify({ bench: 'big-message-p95-ratio', value: Math.round((withHuge / alone) * 100) / 100, unit: 'x', target: 2 }));
  console.log(JSON.stringify({ bench: 'big-message-answered', value: answered, unit: 'messages', target: 2 }));
} finally {
  await flood.close();
  await local.release();
}
