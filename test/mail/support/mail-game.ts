// A stored game for mail tests: the claims fixture (or any folder) under a fresh id, with the
// mail settings a test needs, plus helpers to build raw emails and run them through processMail.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import pino from 'pino';
import { parseDocument } from 'yaml';
import { openGame } from '../../../src/game/open-game.ts';
import type { MessageDeps } from '../../../src/messages/message-context.ts';
import { processMail } from '../../../src/channels/email/process-mail.ts';
import { MessageLedger, type MessageResult } from '../../../src/messages/message-ledger.ts';
import { connectRedis } from '../../../src/store/redis.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { Outbox } from '../../../src/store/outbox.ts';
import '../../support/fixture-claims/index.ts';
import { claimsParser } from './claims-parser.ts';
import { MemoryControl } from './fake-control.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** The game folder's files, with game.yaml fields set by path (e.g. { 'gm.secret': 'grey-heron' }). */
export function gameFiles(folder = 'claims', set: Record<string, unknown> = {}): Record<string, string> {
  const dir = path.join(FIXTURES, folder);
  const doc = parseDocument(readFileSync(path.join(dir, 'game.yaml'), 'utf8'));
  for (const [field, value] of Object.entries(set)) doc.setIn(field.split('.'), value);
  return { 'game.yaml': doc.toString(), 'map.yaml': readFileSync(path.join(dir, 'map.yaml'), 'utf8') };
}

/** The claims game with a GM secret ("grey-heron"), for tests of the GM's mail. */
export const withGmSecret = () => gameFiles('claims', { 'gm.secret': 'grey-heron' });

export interface MailTestGame {
  id: string;
  deps: MessageDeps;
  control: MemoryControl;
  store: GameStore;
  outbox: Outbox;
  ledger: MessageLedger;
  /** Stores a raw email (as the intake would) and processes it. */
  receive(raw: Buffer, arrived?: Date): Promise<MessageResult>;
  close(): Promise<void>;
}

export async function mailTestGame(options: { files?: Record<string, string>; now?: () => Date; deadline?: Date | null } = {}): Promise<MailTestGame> {
  const redis = connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379');
  const store = new GameStore(redis);
  const now = options.now ?? (() => new Date('2029-12-30T12:00:00Z'));
  const outbox = new Outbox(redis, { domain: 'adjutant.test', now });
  const id = `mail-${randomUUID().slice(0, 8)}`;
  const files = options.files ?? gameFiles();
  const { game, problems } = openGame(id, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('\n'));
  await store.createGame(id, { files, state: game.state });
  const control = new MemoryControl(options.deadline === undefined ? new Date('2030-01-01T20:00:00Z') : options.deadline);
  const deps: MessageDeps = { store, outbox, control, now, logger: pino({ level: 'silent' }), address: 'game@adjutant.test', parse: claimsParser };
  const ledger = new MessageLedger(redis);
  return {
    id,
    deps,
    control,
    store,
    outbox,
    ledger,
    async receive(raw, arrived) {
      const messageId = await store.putMail(id, raw);
      await ledger.markReceived(id, messageId, arrived ?? now());
      return processMail(deps, { gameId: id, messageId });
    },
    async close() {
      await dropGame(store, id);
      redis.disconnect();
    },
  };
}

/** A raw email as nodemailer would send it. */
export async function rawMail(options: Mail.Options): Promise<Buffer> {
  return new MailComposer({ to: 'game@adjutant.test', date: new Date('2029-12-30T11:00:00Z'), ...options }).compile().build();
}

/** Removes everything a test game left in Redis: the game's keys and the mail loop's. */
export async function dropGame(store: GameStore, id: string): Promise<void> {
  await store.deleteGame(id);
  let cursor = '0';
  do {
    const [next, keys] = await store.redis.scan(cursor, 'MATCH', `adjutant:{${id}}:*`, 'COUNT', 500);
    if (keys.length) await store.redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** The GM's command email (secret "grey-heron" on its first line), stored and read through the mail loop as the intake hands it over; returns its id. */
export async function gmCommand(deps: MessageDeps, gameId: string, line: string, at: Date): Promise<string> {
  const messageId = await deps.store.putMail(gameId, await rawMail({ from: 'gm@adjutant.test', subject: 'commands', text: `grey-heron\n${line}`, date: at }));
  await new MessageLedger(deps.store.redis).markReceived(gameId, messageId, at);
  await processMail(deps, { gameId, messageId });
  return messageId;
}
