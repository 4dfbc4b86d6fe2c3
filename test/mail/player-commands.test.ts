// PRESS, STATUS, LIST, HISTORY and RESIGN by email, through processMail against the real Redis.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCommands } from '../../src/messages/commands.ts';
import { requireServices } from '../support/services.ts';
import { gameFiles, mailTestGame, rawMail, type MailTestGame } from './support/mail-game.ts';

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

const red = (text: string) => rawMail({ from: 'Player One <player1@adjutant.test>', subject: 'commands', text });

async function sent(g: MailTestGame, key: string) {
  const entry = await g.outbox.entry(g.id, key);
  if (!entry) throw new Error(`no outbox entry ${key}`);
  return entry;
}

describe('reading the new commands', () => {
  const ctx = { timeZone: 'UTC', nations: ['red', 'blue', 'green'] };
  it('gives PRESS the lines below it up to ENDPRESS, and checks the nations', () => {
    const [press, status] = readCommands('PRESS TO blue, green ANON\nMeet me in Mid.\nENDPRESS\nSTATUS', 'player', ctx);
    expect(press.command).toEqual({ name: 'press', to: ['blue', 'green'], anonymous: true, text: 'Meet me in Mid.' });
    expect(status.command).toEqual({ name: 'status' });
    expect(readCommands('BROADCAST\nHello all', 'player', ctx)[0].command).toEqual({ name: 'press', to: 'all', anonymous: false, text: 'Hello all' });
    expect(readCommands('PRESS TO purple\nhi', 'player', ctx)[0].problem).toBe('there is no nation "purple"; the nations are red, blue, green.');
    expect(readCommands('PRESS TO blue', 'player', ctx)[0].problem).toBe('the press has no message below it.');
    expect(readCommands(`PRESS TO blue\n${'x'.repeat(9000)}`, 'player', ctx)[0].problem).toMatch(/the most relayed is 8000/);
    expect(readCommands('HISTORY 3\nHISTORY soon\nLIST\nRESIGN', 'player', ctx).map((l) => l.command ?? l.problem)).toEqual([
      { name: 'history', turn: 3 },
      'write HISTORY and a turn number, like HISTORY 3.',
      { name: 'list' },
      { name: 'resign' },
    ]);
  });
});

describe('PRESS', () => {
  it('relays signed press to the named nation with a copy to the GM, once', async () => {
    game = await mailTestGame();
    const raw = await red('PRESS TO blue\nruby-falcon\nShall we split the valley?\nENDPRESS');
    const result = await game.receive(raw);
    const toBlue = await sent(game, `press:${result.messageId}:0:blue`);
    expect(toBlue.to).toEqual(['player2@adjutant.test']);
    expect(toBlue.subject).toBe(`[${game.id}] Press from Redmark`);
    expect(toBlue.text).toContain('Shall we split the valley?');
    expect(toBlue.text).not.toContain('ruby-falcon');
    expect((await sent(game, `press:${result.messageId}:0:gm`)).to).toEqual(['gm@adjutant.test']);
    expect((await sent(game, `reply:${result.messageId}`)).text).toContain('Sent to Bluevale; the GM gets a copy.');
    await game.receive(raw); // the same email again relays nothing more
    expect((await game.outbox.pending(game.id)).filter((e) => e.key.startsWith('press:'))).toHaveLength(2);
  });

  it('sends anonymous press only where the game allows it, and then without a trace of the sender', async () => {
    game = await mailTestGame();
    const refused = await game.receive(await red('PRESS TO blue ANON\nruby-falcon\nBeware.'));
    expect((await sent(game, `reply:${refused.messageId}`)).text).toContain('Not sent: press in this game is always signed');
    expect(await game.outbox.entry(game.id, `press:${refused.messageId}:0:blue`)).toBeUndefined();
    await game.close();

    game = await mailTestGame({ files: gameFiles('claims', { 'mail.press': 'grey' }) });
    const result = await game.receive(await red('PRESS TO ALL ANON\nruby-falcon\nBeware of the north.'));
    const toBlue = await sent(game, `press:${result.messageId}:0:blue`);
    expect(toBlue.subject).toBe(`[${game.id}] Anonymous press`);
    expect(JSON.stringify(toBlue)).not.toMatch(/Redmark|player1|Player One|red/);
    expect((await sent(game, `press:${result.messageId}:0:gm`)).text).toContain('press from Redmark to every nation (sent anonymously)');
  });

  it('relays nothing where the game has no press', async () => {
    game = await mailTestGame({ files: gameFiles('claims', { 'mail.press': 'off' }) });
    const result = await game.receive(await red('PRESS TO blue\nruby-falcon\nhello'));
    expect((await sent(game, `reply:${result.messageId}`)).text).toContain('Not sent: this game has no press.');
    expect((await game.outbox.pending(game.id)).map((e) => e.key)).toEqual([`reply:${result.messageId}`]);
  });
});

describe('STATUS', () => {
  it('says where the nation stands now, from its own view: its gold, provinces and units, and nothing of another nation', async () => {
    game = await mailTestGame({ files: gameFiles('../../examples/starter/board-nes', { 'nations.blue.attributes.gold': 37 }) });
    const result = await game.receive(await rawMail({ from: 'red@example.org', subject: 'status', text: 'change-me-red\nSTATUS' }));
    const text = (await sent(game, `reply:${result.messageId}`)).text;
    expect(text).toContain('YOUR NATION\n  Gold: 10, tax income 4\n  Provinces (2): London, York\n  Units: 2 armies in London; 1 fleet in North Sea\n');
    expect(text).toContain('Orders in force for Kingdom of Londinium (0)');
    expect(text).not.toMatch(/37|Edinburgh|Liverpool/);
  });
});

describe('LIST, HISTORY and RESIGN', () => {
  it('lists the nations, their players and the deadline', async () => {
    game = await mailTestGame();
    const result = await game.receive(await red('LIST\nruby-falcon'));
    const text = (await sent(game, `reply:${result.messageId}`)).text;
    expect(text).toContain('Claims of the Three Valleys (fixture-claims): turn 1');
    expect(text).toMatch(/Redmark \(red, you\): played by Player One; \d+ provinces?, \d+ units?/);
    expect(text).toMatch(/Bluevale \(blue\): played by Player Two/);
    expect(text).not.toContain('player2@adjutant.test');
  });

  it("sends a nation its own reports of an earlier turn again, and nobody else's", async () => {
    game = await mailTestGame();
    const state = await game.store.state(game.id);
    await game.store.commitStep(game.id, {
      step: 1,
      turn: 1,
      phase: state.phase,
      seed: 's',
      dice: [],
      orders: {},
      events: [],
      stateBefore: state,
      stateAfter: { ...state, turn: 2 },
      ordersVersion: 0,
      mails: [],
      committedAt: '2029-12-29T20:00:00Z',
    });
    await game.outbox.record(game.id, {
      key: 'report:1:red',
      from: 'game@adjutant.test',
      to: ['player1@adjutant.test'],
      subject: '[x] Turn 1 results for Redmark',
      text: 'Red report of turn 1: you hold Northvale.\n',
    });
    const result = await game.receive(await red('HISTORY 1\nruby-falcon'));
    const again = await sent(game, `history:${result.messageId}:1`);
    expect(again.text).toBe('Red report of turn 1: you hold Northvale.\n');
    expect(again.to).toEqual(['player1@adjutant.test']);
    const blue = await game.receive(await rawMail({ from: 'player2@adjutant.test', subject: 'x', text: 'HISTORY 1\nazure-otter' }));
    expect((await sent(game, `reply:${blue.messageId}`)).text).toContain('There are no reports of turn 1 for Bluevale.');
    const future = await game.receive(await red('HISTORY 5\nruby-falcon'));
    expect((await sent(game, `reply:${future.messageId}`)).text).toContain('Turn 5 has no results yet; the game is at turn 2.');
  });

  it('lets a player resign: the GM is told, and the address no longer speaks for the nation', async () => {
    game = await mailTestGame();
    const result = await game.receive(await red('RESIGN\nruby-falcon'));
    expect((await sent(game, `reply:${result.messageId}`)).text).toContain('You have resigned Redmark');
    const notice = await sent(game, `resign:${result.messageId}`);
    expect(notice.to).toEqual(['gm@adjutant.test']);
    expect(notice.text).toContain('send REPLACE red new.player@example.com');
    expect((await game.store.files(game.id))['game.yaml']).not.toContain('player1@adjutant.test');
    const after = await game.receive(await red('ruby-falcon\nclaim nor'));
    expect(after.outcome).toBe('refused');
  });
});
