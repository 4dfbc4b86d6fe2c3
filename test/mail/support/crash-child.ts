// The intake and processMail in one process, to be killed: the crash test starts it, SIGKILLs it
// at random moments and starts it again. It serves one game (CRASH_GAME), routed by its tag.
import pino from 'pino';
import { startIntake } from '../../../src/mail/imap-intake.ts';
import { processMail } from '../../../src/mail/process-mail.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { Outbox } from '../../../src/store/outbox.ts';
import { connectRedis } from '../../../src/store/redis.ts';
import '../../support/fixture-claims/index.ts';
import { serviceEndpoints } from '../../support/services.ts';
import { claimsParser } from './claims-parser.ts';
import { MemoryControl } from './fake-control.ts';

const gameId = process.env.CRASH_GAME;
if (!gameId) throw new Error('CRASH_GAME is not set');
const svc = serviceEndpoints();
const redis = connectRedis(svc.redisUrl);
const store = new GameStore(redis);
const now = () => new Date();
const logger = pino({ level: 'silent' });
const deps = { store, outbox: new Outbox(redis, { domain: svc.domain, now }), control: new MemoryControl(new Date(Date.now() + 86_400_000)), now, logger, address: `game@${svc.domain}`, parse: claimsParser };

const intake = startIntake({
  imap: { host: svc.imap.host, port: svc.imap.port, secure: false, user: `game@${svc.domain}`, pass: svc.password },
  store,
  logger,
  now,
  routes: async () => [{ id: gameId }],
  unrouted: 'leave',
  batch: 20,
  enqueue: async (job) => {
    const result = await processMail(deps, job);
    process.stdout.write(`${JSON.stringify({ mailId: job.mailId, outcome: result.outcome })}\n`);
  },
});

// The test kills this process only after it has connected, at a random moment of its work.
const ready = setInterval(() => {
  if (!intake.stats().connected) return;
  clearInterval(ready);
  process.stdout.write('ready\n');
}, 20);

process.on('SIGTERM', () => {
  void intake.stop().then(() => {
    redis.disconnect();
    process.exit(0);
  });
});
