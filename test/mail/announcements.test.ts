// Everyone told: when the GM moves the deadline, pauses, resumes, rolls back or gives a nation to
// a new player by email, every player gets one short mail (in their own time zone) and the thread
// one post; a command refused or repeated tells nobody, and nobody twice.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { processMail } from '../../src/channels/email/process-mail.ts';
import { PostOutbox } from '../../src/store/post-outbox.ts';
import { Scheduler } from '../../src/turns/scheduler.ts';
import { createGameControl } from '../../src/turns/scheduler-control.ts';
import { claim, outboxEntries, storeFixtureGame, testClock, testRuntime, useWorkers, waitFor } from '../turns/support.ts';
import { gmCommand } from './support/mail-game.ts';

const clock = testClock('2026-12-01T10:00:00Z');
const rt = testRuntime(clock, undefined, { downAfterMs: 30 * 86_400_000 });
const scheduler = new Scheduler(rt, { tickMs: 1000 });
const control = createGameControl(rt);
const deps = { store: rt.store, outbox: rt.outbox, control, now: clock.now, logger: pino({ level: 'silent' }), address: 'game@adjutant.test' };
const games: string[] = [];

useWorkers(rt, games);

async function newGame(): Promise<string> {
  clock.set('2026-12-01T10:00:00Z');
  const id = await storeFixtureGame(rt, {
    gm: { name: 'Grace the GM', email: 'gm@adjutant.test', secret: 'grey-heron' },
    schedule: { every: '3d', start: '2026-12-01T20:00:00Z', reminders: [] },
    forum: { software: 'xenforo', url: 'http://127.0.0.1:9/api', thread: 77, credentials: { key: 'UNUSED_XF_KEY' } },
  });
  games.push(id);
  await scheduler.adopt(id);
  await scheduler.tick();
  return id;
}

const gm = (id: string, line: string) => gmCommand(deps, id, line, clock.now());

const told = async (id: string) => (await outboxEntries(rt, id)).filter((e) => e.key.startsWith('announce:'));
const posted = async (id: string) => (await new PostOutbox(rt.redis, { now: clock.now }).all(id)).filter((e) => e.key.startsWith('announce:'));

describe('announcements of the GM’s commands', () => {
  it('tells every player, in their own time zone, and the thread, when the deadline moves', async () => {
    const id = await newGame();
    const mail = await gm(id, 'EXTEND 24h');
    const mails = (await told(id)).sort((a, b) => a.to[0].localeCompare(b.to[0]));
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual([
      ['player1@adjutant.test', expect.stringMatching(/Turn 1: the deadline is now Wednesday, 2 December 2026 at 21:00 \(Europe\/Paris\)/)],
      ['player2@adjutant.test', expect.stringMatching(/Turn 1: the deadline is now Wednesday, 2 December 2026 at 20:00 \(Europe\/London\)/)],
    ]);
    expect(mails[0].text).toContain('The GM moved the deadline. Orders are now due Wednesday, 2 December 2026 at 21:00 (Europe/Paris).');
    const [post] = await posted(id);
    expect(post.text).toMatch(/^\[B\]Turn 1: the deadline is now Wednesday, 2 December 2026 at 20:00 \(Europe\/London\)\[\/B\]/);
    expect(post.kind).toBe('post');

    // The same email read again tells nobody again; a refused command tells nobody at all.
    await processMail(deps, { gameId: id, messageId: mail });
    await gm(id, 'DEADLINE 2026-12-01 09:00');
    expect(await told(id)).toHaveLength(2);
    expect(await posted(id)).toHaveLength(1);
  });

  it('tells of a pause, a resume and a rollback, each once', async () => {
    const id = await newGame();
    await gm(id, 'PAUSE');
    await gm(id, 'RESUME');
    await claim(rt, id, 'red', 'nor');
    await gm(id, 'DEADLINE 2026-12-01 10:00 NOW');
    await scheduler.tick();
    await waitFor('turn 1 adjudicated', async () => (await rt.store.step(id)) === 1 && (await rt.schedules.get(id))?.status === 'open');
    await gm(id, 'ROLLBACK 1');
    const subjects = (await told(id)).filter((m) => m.to[0] === 'player2@adjutant.test').map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Turn 1: the game is paused'),
        expect.stringContaining('Turn 1: the game runs again'),
        expect.stringContaining('Turn 1: the deadline is now Tuesday, 1 December 2026 at 10:00'),
        expect.stringContaining('The game is back at the start of turn 1'),
      ]),
    );
    expect(subjects).toHaveLength(4);
    expect((await posted(id)).map((p) => p.text.split('\n')[0])).toHaveLength(4);
  });

  it('tells the other players and the thread that a nation has a new player, never who, and the former player once', async () => {
    const id = await newGame();
    const mail = await gm(id, 'REPLACE blue newcomer@adjutant.test');
    const mails = await told(id);
    expect(mails.map((m) => [m.to[0], m.subject])).toEqual(
      expect.arrayContaining([
        ['player1@adjutant.test', expect.stringContaining('Bluevale has a new player')],
        ['player2@adjutant.test', expect.stringContaining('You no longer play Bluevale')],
      ]),
    );
    expect(mails).toHaveLength(2);
    const [post] = await posted(id);
    expect(post.text).toMatch(/^\[B\]Bluevale has a new player\[\/B\]/);
    expect(post.text).not.toContain('newcomer');
    await processMail(deps, { gameId: id, messageId: mail });
    expect(await told(id)).toHaveLength(2);
    expect(await posted(id)).toHaveLength(1);
  });

  it("says the GM's reason when the GM gives one, escaped in the thread", async () => {
    const id = await newGame();
    await gm(id, 'EXTEND 24h -- the forum was down [b]all day[/b]');
    await gm(id, 'PAUSE — the holidays');
    const mails = (await told(id)).filter((m) => m.to[0] === 'player2@adjutant.test');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.text)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("The GM's reason: the forum was down [b]all day[/b]"),
        expect.stringContaining("The GM's reason: the holidays"),
      ]),
    );
    const post = (await posted(id)).find((p) => p.text.includes('the deadline is now'))!;
    expect(post.text).toContain("The GM's reason: the forum was down");
    expect(post.text).not.toContain('[b]all day[/b]');
    // A command with a reason is still the command: nothing but the reason was read from it.
    expect((await rt.schedules.get(id))?.status).toBe('paused');
  });

  it('ends the game on END GAME, tells every player and the thread who won, and plays on after RESUME', async () => {
    const id = await newGame();
    await claim(rt, id, 'red', 'nor');
    await gm(id, 'PROCESS 1');
    await waitFor('turn 2', async () => (await rt.schedules.get(id))?.step === 2 && (await rt.schedules.get(id))?.status === 'open');
    const before = (await rt.schedules.get(id))!.deadline!;

    // A stray END ends nothing: it takes END GAME.
    await gm(id, 'END');
    expect((await rt.schedules.get(id))?.status).toBe('open');

    clock.set('2026-12-02T10:00:00Z');
    await gm(id, 'END GAME blue -- Redmark conceded');
    expect(await rt.schedules.get(id)).toMatchObject({ status: 'over', over: { why: 'gm', winners: ['blue'], turn: 1 } });
    const mails = (await told(id)).filter((m) => m.subject.includes('The game is over'));
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['player1@adjutant.test', 'player2@adjutant.test']);
    expect(mails[0].text).toContain("The GM ended the game: Bluevale wins. The GM's reason: Redmark conceded");
    expect((await posted(id)).some((p) => p.text.includes('The GM ended the game: Bluevale wins.'))).toBe(true);
    await expect(control.extend(id, 3_600_000)).rejects.toThrow(/The game is over/);

    // The GM who ended it may take it back: the turn opens again with the time it had left.
    clock.set('2026-12-03T10:00:00Z');
    await gm(id, 'RESUME');
    const resumed = (await rt.schedules.get(id))!;
    expect(resumed.status).toBe('open');
    expect(resumed.over).toBeUndefined();
    expect(Date.parse(resumed.deadline!) - clock.now().getTime()).toBe(Date.parse(before) - Date.parse('2026-12-02T10:00:00Z'));
  });
});
