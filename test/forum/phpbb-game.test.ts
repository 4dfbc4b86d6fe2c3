// A game on phpBB played through an ordinary member's account: orders read from the topic's pages
// and the account's private messages, confirmations sent as private messages, and the update
// posted into the topic with its map attached, by the forum poster as the service runs it,
// against the local board (sandbox/forum/phpbb-server.ts).
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { openForum } from '../../src/channels/forum/open-forum.ts';
import { storedGame } from '../../src/store/stored-game.ts';
import { requireServices } from '../support/services.ts';
import { waitFor } from '../turns/support.ts';
import { startPhpbb, type PhpbbBoard } from '../../sandbox/forum/phpbb-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';
import { startTestPoster } from './support/test-poster.ts';

const FAST = { backoffMs: 10, retries: 1, maxWaitMs: 1_500 };
let board: PhpbbBoard;
let game: ForumTestGame | undefined;
const env = () => ({ TEST_PHPBB_LOGIN: 'Adjutant', TEST_PHPBB_PASSWORD: board.password });

beforeEach(async () => {
  board = await startPhpbb();
  board.register('Adjutant');
  board.register('Alice');
  board.register('Bob');
});
afterEach(async () => {
  await game?.close();
  game = undefined;
  await board.server.close();
});

describe('a game on phpBB as an ordinary member', () => {
  let redisUrl: string;
  beforeAll(async () => {
    ({ redisUrl } = await requireServices(['redis']));
  });

  it('takes orders from the topic and a private message, confirms them by private message, and posts the update with its map', async () => {
    game = await forumTestGame({
      software: 'phpbb',
      url: board.server.url,
      thread: 12,
      credentials: { login: 'TEST_PHPBB_LOGIN', password: 'TEST_PHPBB_PASSWORD' },
    });
    const forum = (await storedGame(game.store, game.id)).config.forum!;
    board.say('Alice', 'For the valleys!<br>[orders]<br>claim nor<br>[/orders]');
    board.pm('Bob', 'Orders', 'claim sou');
    expect((await readThread(game.intake, game.id, openForum(forum, env(), FAST))).taken).toHaveLength(2);
    expect((await game.processQueued()).map((r) => [r.outcome, r.nation])).toEqual([
      ['orders', 'red'],
      ['orders', 'blue'],
    ]);
    const map = path.join(os.tmpdir(), `adjutant-phpbb-map-${game.id}.png`);
    const image = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('the map')]);
    await writeFile(map, image);
    await game.deps.postOutbox!.record(game.id, { kind: 'post', key: 'update:step-1', text: 'Spring 2031', images: [{ filename: 'map.png', path: map }] });

    const id = game.id;
    const poster = startTestPoster({ redisUrl, store: game.store, mail: game.outbox, games: (g) => g === id, open: (f) => openForum(f, env(), FAST) });
    try {
      const update = await waitFor('the update in the topic', async () => board.state.posts.find((p) => p.source.includes(markerLine(`${id}/update:step-1`))));
      expect(update.userId).toBe(board.state.idOf('Adjutant'));
      expect(update.attachments.map((a) => board.state.attachments.get(a)!.data.equals(image))).toEqual([true]);
      // Each player's confirmation is a private message to them alone.
      for (const [name, order] of [
        ['Alice', 'claim nor'],
        ['Bob', 'claim sou'],
      ] as const)
        await waitFor(
          `the confirmation to ${name}`,
          async () => board.state.messages.some((m) => m.to.join() === String(board.state.idOf(name)) && m.source.includes(order)),
          30_000,
        );
    } finally {
      await poster.stop();
    }
    // Only the board's own pages and forms, never its feed, once logged in.
    expect(board.server.requests.some((r) => r.path.startsWith('/app.php/feed'))).toBe(false);
  }, 60_000);
});
