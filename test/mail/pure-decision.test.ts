// The message core's shape: everything a message needs is loaded first, the decision is a pure
// function of it (the same input decides the same, with no store to reach), the email's claim on
// its Message-ID is written by the commit alone, and a command's effect runs after the commit,
// once, even when the process fails between the two.
import pino from 'pino';
import type { Redis } from 'ioredis';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEmail, processMail } from '../../src/channels/email/process-mail.ts';
import { dedupeKey, readMail } from '../../src/channels/email/read-mail.ts';
import type { MessageContext } from '../../src/messages/message-context.ts';
import type { MessageLedger } from '../../src/messages/message-ledger.ts';
import { StepMovedError } from '../../src/messages/message-ledger.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { gameKeys, mailKeys } from '../../src/store/keys.ts';
import { connectRedis } from '../../src/store/redis.ts';
import type { GameControl } from '../../src/turns/game-control.ts';
import { requireServices } from '../support/services.ts';
import { claimsParser } from './support/claims-parser.ts';
import { mailTestGame, rawMail, withGmSecret, type MailTestGame } from './support/mail-game.ts';

// Checked by the type checker: nothing a decision reads is a way to the store or the game control.
type Reaching<T> = { [K in keyof T]-?: NonNullable<T[K]> extends Redis | GameStore | MessageLedger | GameControl ? K : never }[keyof T];
const decisionsReachNoStore: [Reaching<MessageContext> | Reaching<MessageContext['tools']>] extends [never] ? true : false = true;

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

async function stored(g: MailTestGame, raw: Buffer) {
  const messageId = await g.store.putMail(g.id, raw);
  await g.ledger.markReceived(g.id, messageId, g.deps.now());
  return messageId;
}

describe('the decision', () => {
  it('is a function of what was loaded: twice the same, with the store closed, running no command', async () => {
    expect(decisionsReachNoStore).toBe(true);
    game = await mailTestGame({ files: withGmSecret() });
    const own = connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379');
    const deps = { ...game.deps, store: new GameStore(own) };
    const player = await rawMail({ from: 'player1@adjutant.test', subject: 'orders', text: 'ruby-falcon\nclaim nor\nclaim vale' });
    const gm = await rawMail({ from: 'gm@adjutant.test', subject: 'commands', text: 'grey-heron\nEXTEND 24h\nSTATUS' });
    const loadedPlayer = await loadEmail(deps, { gameId: game.id, messageId: await stored(game, player) }, player, await readMail(player));
    const loadedGm = await loadEmail(deps, { gameId: game.id, messageId: await stored(game, gm) }, gm, await readMail(gm));
    own.disconnect();

    const [first, again] = [await loadedPlayer.decide(), await loadedPlayer.decide()];
    expect(first.result.outcome).toBe('orders');
    expect(first.changes.tickets).toHaveLength(1);
    expect(again).toEqual(first);
    const command = await loadedGm.decide();
    expect(await loadedGm.decide()).toEqual(command);
    expect(command.result.pending?.effects).toMatchObject([{ name: 'extend', ms: 86_400_000 }]);
    expect(game.control.calls).toEqual([]);
  });
});

describe("the email's claim on its Message-ID", () => {
  it('is written by the commit: none is left by a decision that was never committed, and of two copies one is a duplicate', async () => {
    game = await mailTestGame();
    const ordersRaw = await rawMail({ from: 'player1@adjutant.test', subject: 'orders', text: 'ruby-falcon\nclaim nor', messageId: '<once@example.com>' });
    const messageId = await stored(game, ordersRaw);
    // A turn ends while each reading is decided, so no decision is ever committed.
    const moving = {
      ...game.deps,
      parse: async (input: Parameters<typeof claimsParser>[0]) => (await game.store.redis.incr(gameKeys(game.id).step), claimsParser(input)),
    };
    await expect(processMail(moving, { gameId: game.id, messageId })).rejects.toBeInstanceOf(StepMovedError);
    expect(await game.store.redis.hget(mailKeys(game.id).dedupe, dedupeKey(ordersRaw))).toBeNull();
    expect(await game.ledger.result(game.id, messageId)).toBeNull();

    await game.store.redis.set(gameKeys(game.id).step, '0');
    const copy = Buffer.concat([Buffer.from('Received: from relay.example.com\r\n'), ordersRaw]);
    const copyId = await stored(game, copy);
    expect((await processMail(game.deps, { gameId: game.id, messageId: copyId })).outcome).toBe('orders');
    expect((await processMail(game.deps, { gameId: game.id, messageId })).outcome).toBe('duplicate');
    expect(await game.store.redis.hget(mailKeys(game.id).dedupe, dedupeKey(ordersRaw))).toBe(copyId);
  });
});

describe("a command's effect", () => {
  it('runs after the commit, once, when the process fails between the two and the email is read again', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const raw = await rawMail({ from: 'gm@adjutant.test', subject: 'commands', text: 'grey-heron\nEXTEND 24h\nSTATUS' });
    const messageId = await stored(game, raw);
    // The log line written right after the commit fails, as a process killed there would.
    const failing = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          if (line.includes('message processed')) throw new Error('stopped after the commit');
        },
      },
    );
    await expect(processMail({ ...game.deps, logger: failing }, { gameId: game.id, messageId })).rejects.toThrow('stopped after the commit');
    expect((await game.ledger.result(game.id, messageId))?.pending?.effects).toHaveLength(1);
    expect(game.control.called('extend')).toEqual([]);

    await processMail(game.deps, { gameId: game.id, messageId });
    await processMail(game.deps, { gameId: game.id, messageId });
    expect(game.control.called('extend')).toEqual([[game.id, 86_400_000]]);
    const report = await game.outbox.entry(game.id, `reply:${messageId}`);
    expect(report?.text).toContain('Done: the deadline is now Wednesday, 2 January 2030 at 20:00 (Europe/London)');
    expect(report?.text).toContain('No orders yet: Bluevale');
  });

  it('is not run again when a crash cut it off while it ran: the GM is told it is not known', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const raw = await rawMail({ from: 'gm@adjutant.test', subject: 'commands', text: 'grey-heron\nPAUSE' });
    const messageId = await stored(game, raw);
    const failing = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          if (line.includes('message processed')) throw new Error('stopped after the commit');
        },
      },
    );
    await expect(processMail({ ...game.deps, logger: failing }, { gameId: game.id, messageId })).rejects.toThrow();
    // What a process killed inside the GameControl call leaves: the command begun, its outcome not kept.
    await game.store.redis.hset(mailKeys(game.id).commands, `${messageId}:0`, '');
    await processMail(game.deps, { gameId: game.id, messageId });
    expect(game.control.called('pause')).toEqual([]);
    expect((await game.outbox.entry(game.id, `reply:${messageId}`))?.text).toContain('Not known whether this was done');
  });
});
