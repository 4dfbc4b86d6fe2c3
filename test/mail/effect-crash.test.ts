// A GM command's effect across a real crash: a process is SIGKILLed after it committed the GM's
// EXTEND and before it ran it; the email read again runs it once, with the real GameControl on
// the schedule in Redis, and reading it a third time changes nothing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processMail } from '../../src/channels/email/process-mail.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { requireServices } from '../support/services.ts';
import { cleanUp, outboxEntries, storeFixtureGame, testRuntime } from '../turns/support.ts';
import { rawMail } from './support/mail-game.ts';

const rt = testRuntime();
const games: string[] = [];
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await cleanUp(rt, games.splice(0));
});

/** Runs the child on the stored email; resolves with the signal that ended it, or what it wrote when none did. */
function crashingChild(gameId: string, messageId: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/effect-crash-child.ts')], {
    env: { ...process.env, CRASH_PREFIX: rt.prefix, CRASH_SCOPE: rt.scope, CRASH_GAME: gameId, CRASH_MAIL: messageId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout!.on('data', (d: Buffer) => (said += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (said += d.toString()));
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal ?? said)));
}

describe("a GM command's effect", () => {
  it('runs once when the process is killed between the commit and the effect', { timeout: 60_000 }, async () => {
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 19);
    const id = await storeFixtureGame(rt, { gm: { name: 'Grace the GM', email: 'gm@adjutant.test', secret: 'grey-heron' }, schedule: { every: '3d', start } });
    games.push(id);
    const control = createGameControl(rt);
    const before = (await control.status(id)).deadline!;
    const ledger = new MessageLedger(rt.redis);
    const messageId = await rt.store.putMail(id, await rawMail({ from: 'gm@adjutant.test', subject: 'commands', text: 'grey-heron\nEXTEND 24h' }));
    await ledger.markReceived(id, messageId, new Date());

    expect(await crashingChild(id, messageId)).toBe('SIGKILL');
    expect((await ledger.result(id, messageId))?.pending?.effects).toMatchObject([{ name: 'extend' }]);
    expect((await control.status(id)).deadline).toEqual(before);

    const deps = { store: rt.store, outbox: rt.outbox, control, now: () => new Date(), logger: pino({ level: 'silent' }), address: 'game@adjutant.test' };
    await processMail(deps, { gameId: id, messageId });
    await processMail(deps, { gameId: id, messageId });
    expect((await control.status(id)).deadline!.getTime()).toBe(before.getTime() + 86_400_000);
    expect((await rt.outbox.entry(id, `reply:${messageId}`))?.text).toContain('Done: the deadline is now');
    // Settled: what it did is kept as sent, with nothing left to run.
    const settled = await ledger.result(id, messageId);
    expect(settled?.pending).toBeUndefined();
    // The players hear of the new deadline once each, though the email was read three times.
    expect(settled?.replies.map((r) => r.key)).toEqual([
      `reply:${messageId}`,
      expect.stringMatching(new RegExp(`^announce:${messageId}:\\d+:blue$`)),
      expect.stringMatching(new RegExp(`^announce:${messageId}:\\d+:red$`)),
    ]);
    expect((await outboxEntries(rt, id)).filter((e) => e.key.startsWith('announce:')).map((e) => e.to[0])).toEqual([
      'player2@adjutant.test',
      'player1@adjutant.test',
    ]);
  });
});
