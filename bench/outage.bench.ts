// A store outage of five minutes in the middle of a flood, at full scale: two `adjutant serve`
// processes (bench/support/served-flood.ts) take 500 emails and 200 forum posts; a third of each
// comes before the outage, a third during it, a third after. For the first third of the outage
// Redis is full (maxmemory, noeviction: writes refused with OOM), for the second it is a replica of
// a master that is not there (READONLY), for the last it is stopped (SIGKILL; started again on the
// same data). Then every email and post must be answered as without the outage:
//   outage-lost            emails and posts never answered (target 0)
//   outage-doubled-emails  emails answered twice (allowed, with one Message-ID: the reader's mail
//                          client shows one); the target is 2% of the emails
//   outage-doubled-unlike  emails answered twice with two Message-IDs (target 0)
//   outage-doubled-posts   posts confirmed twice by private message (target 0)
//   outage-dead-letters    messages set aside as dead letters (target 0)
//   outage-gm-mails        mails to the GM about the game (target 1: the outage, once it is over)
//   outage-serve-exits     service processes that exited on their own (target 0)
//   outage-recovery        from the end of the outage to the last answer (target: 5 minutes)
//   node --import tsx bench/outage.bench.ts   (OUTAGE_EMAILS, OUTAGE_POSTS, OUTAGE_SECONDS to vary)
import { DeadLetters } from '../src/messages/dead-letters.ts';
import { countMail } from '../test/mail/support/mailbox.ts';
import { localServices } from '../test/support/local-services.ts';
import { requireServices } from '../test/support/services.ts';
import { serveFlood, type ServedFlood } from './support/served-flood.ts';

const EMAILS = Number(process.env.OUTAGE_EMAILS ?? 500);
const POSTS = Number(process.env.OUTAGE_POSTS ?? 200);
const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 300) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const local = await localServices(['mail']).catch((e: Error) => {
  console.error(`outage bench: ${e.message}`);
  process.exit(1);
});
await requireServices(['imap', 'smtp']);
const flood = await serveFlood('outage', { serves: 2, readEveryS: 5, lockMs: 8000 });
const progress = (what: string) => console.error(`outage bench: ${what}`);

/** Sends emails [from, to) and posts in proportion, spread evenly over `ms`. */
async function sendSpread(flood: ServedFlood, part: number, ms: number): Promise<void> {
  const emails = range(Math.floor((EMAILS * part) / 3), Math.floor((EMAILS * (part + 1)) / 3));
  const posts = range(Math.floor((POSTS * part) / 3), Math.floor((POSTS * (part + 1)) / 3));
  const batches = Math.max(1, Math.round(ms / 2000));
  for (let b = 0; b < batches; b++) {
    const started = Date.now();
    const slice = <T>(all: T[]) => all.slice(Math.floor((all.length * b) / batches), Math.floor((all.length * (b + 1)) / batches));
    for (const n of slice(posts)) flood.post(n);
    await Promise.all(slice(emails).map((n) => flood.email(n)));
    if (b < batches - 1) await sleep(Math.max(0, ms / batches - (Date.now() - started)));
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

try {
  await sendSpread(flood, 0, 20_000);
  progress(`first third sent; the outage begins (${OUTAGE_MS / 1000} s)`);
  const begun = Date.now();
  const during = sendSpread(flood, 1, OUTAGE_MS * 0.9);
  const third = OUTAGE_MS / 3;
  await flood.store.redis.config('SET', 'maxmemory', '1');
  await sleep(third);
  await flood.store.redis.config('SET', 'maxmemory', '0');
  await flood.store.redis.replicaof('127.0.0.1', '1');
  progress('Redis read-only');
  await sleep(third);
  await flood.store.redis.replicaof('NO', 'ONE');
  await flood.redis.kill();
  progress('Redis stopped');
  await sleep(Math.max(0, begun + OUTAGE_MS - Date.now()));
  await flood.redis.restart();
  await flood.store.redis.config('SET', 'maxmemory-policy', 'noeviction');
  const over = Date.now();
  progress('the outage is over');
  await during;
  await sendSpread(flood, 2, 20_000);

  let lastAnswer = over;
  for (const until = Date.now() + 20 * 60_000; Date.now() < until; await sleep(1000)) {
    await flood.look();
    if (flood.emailAnswers.size >= EMAILS && flood.postAnswers.size >= POSTS) break;
  }
  await sleep(10_000); // a second copy in flight lands too, and the GM's summary goes out
  await flood.look();
  for (const seen of [...flood.emailAnswers.values(), ...flood.postAnswers.values()]) lastAnswer = Math.max(lastAnswer, seen.at);

  const lost = EMAILS - flood.emailAnswers.size + (POSTS - flood.postAnswers.size);
  const figures = {
    'outage-lost': [lost, 'messages', 0],
    'outage-doubled-emails': [[...flood.emailAnswers.values()].filter((a) => a.copies > 1).length, 'emails', Math.floor(EMAILS / 50)],
    'outage-doubled-unlike': [[...flood.emailAnswers.values()].filter((a) => a.ids.size > 1).length, 'emails', 0],
    'outage-doubled-posts': [[...flood.postAnswers.values()].filter((a) => a.copies > 1).length, 'posts', 0],
    'outage-dead-letters': [(await new DeadLetters(flood.store.redis).list(flood.gameId)).length, 'messages', 0],
    'outage-gm-mails': [await countMail('gm@adjutant.test', 'INBOX', { subject: `[${flood.gameId}]` }), 'mails', 1],
    'outage-serve-exits': [flood.serves.filter((s) => !s.isReady()).length, 'processes', 0],
    'outage-recovery': [Math.round((lastAnswer - over) / 1000), 's', 300],
  } as const;
  for (const [bench, [value, unit, target]] of Object.entries(figures)) console.log(JSON.stringify({ bench, value, unit, target }));
} finally {
  await flood.close();
  await local.release();
}
