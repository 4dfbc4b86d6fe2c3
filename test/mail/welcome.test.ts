// The welcome mail: to each player of a newly stored game, and to the new player on REPLACE;
// the addressee's own secret and nobody else's, how to order, the deadline, the game's page.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { welcomePlayers } from '../../src/messages/welcome.ts';
import { requireServices } from '../support/services.ts';
import { gameFiles, mailTestGame, rawMail, withGmSecret, type MailTestGame } from './support/mail-game.ts';

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

describe('welcome mail', () => {
  it('welcomes every player of a new game with their own secret only, once', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const deps = { store: game.store, outbox: game.outbox, control: game.control, address: 'game@adjutant.test', publicUrl: 'https://games.example.org/' };
    expect(await welcomePlayers(deps, game.id)).toBe(2);
    const red = (await game.outbox.entry(game.id, 'welcome:red:player1@adjutant.test'))!;
    expect(red.to).toEqual(['player1@adjutant.test']);
    expect(red.subject).toBe(`[${game.id}] Welcome to Claims of the Three Valleys: you play Redmark`);
    expect(red.text).toContain('Your secret: ruby-falcon');
    expect(red.text).toContain(`write to game@adjutant.test with "[${game.id}]" in the subject`);
    // 2030-01-01 20:00 UTC in the player's own zone (Paris).
    expect(red.text).toContain('Deadline: Tuesday, 1 January 2030 at 21:00 (Europe/Paris)');
    expect(red.text).toContain(`The game's page (map, reports, history): https://games.example.org/${game.id}/`);
    expect(red.text).not.toMatch(/azure-otter|grey-heron/);
    await welcomePlayers(deps, game.id);
    expect((await game.outbox.pending(game.id)).filter((e) => e.key.startsWith('welcome:'))).toHaveLength(2);
  });

  it("tells each player where their nation starts, from its own view: provinces, units and gold, and nothing of another nation's", async () => {
    // Blue's gold is set apart from red's, so red's mail showing blue's would show.
    game = await mailTestGame({ files: gameFiles('../../examples/starter/board-nes', { 'nations.blue.attributes.gold': 37 }) });
    await welcomePlayers({ store: game.store, outbox: game.outbox, control: game.control, address: 'game@adjutant.test' }, game.id);
    const red = (await game.outbox.entry(game.id, 'welcome:red:red@example.org'))!.text;
    expect(red).toContain('YOUR NATION\n  Gold: 10, tax income 4\n  Provinces (2): London, York\n  Units: 2 armies in London; 1 fleet in North Sea\n\n');
    expect(red).not.toMatch(/37|Edinburgh|Liverpool/);
    const blue = (await game.outbox.entry(game.id, 'welcome:blue:blue@example.org'))!.text;
    expect(blue).toContain('YOUR NATION\n  Gold: 37, tax income 5\n  Provinces (2): ');
    expect(/YOUR NATION\n[^]*?\n\n/.exec(blue)![0]).not.toMatch(/London|North Sea|10/);
  });

  it('writes no link when there is no public URL', async () => {
    game = await mailTestGame({ files: withGmSecret() });
    await welcomePlayers({ store: game.store, outbox: game.outbox, control: game.control, address: 'game@adjutant.test' }, game.id);
    expect((await game.outbox.entry(game.id, 'welcome:blue:player2@adjutant.test'))!.text).not.toContain("game's page");
  });

  it("welcomes the new player on REPLACE, with the nation's secret", async () => {
    game = await mailTestGame({ files: withGmSecret() });
    const result = await game.receive(await rawMail({ from: 'gm@adjutant.test', subject: 'commands', text: 'grey-heron\nREPLACE blue player7@adjutant.test' }));
    expect((await game.outbox.entry(game.id, `reply:${result.messageId}`))!.text).toContain("who gets a welcome email with the nation's secret");
    const welcome = (await game.outbox.entry(game.id, `welcome:${result.messageId}:blue`))!;
    expect(welcome.to).toEqual(['player7@adjutant.test']);
    expect(welcome.text).toContain('You play Bluevale.');
    expect(welcome.text).toContain('Your secret: azure-otter');
    expect(welcome.text).not.toMatch(/ruby-falcon|grey-heron/);
  });
});
