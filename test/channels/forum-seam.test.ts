// The seam between the forum softwares and the rest, as test/rulesets/ruleset-ids.test.ts keeps
// the rulesets': outside src/channels no file names a forum software; each is a record in its
// folder, listed once (src/channels/forum/settings/forums.ts), and everything else asks the
// record. A forum of the tests' own (test/support/fixture-board) works end to end once registered.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { openForum } from '../../src/channels/forum/open-forum.ts';
import { flavourOf } from '../../src/channels/forum/settings/forum-config.ts';
import { forums } from '../../src/channels/forum/settings/forums.ts';
import { openGame } from '../../src/game/open-game.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { storedGame } from '../../src/store/stored-game.ts';
import { forumTestGame } from '../forum/support/forum-game.ts';
import { startTestPoster } from '../forum/support/test-poster.ts';
import { gameFiles } from '../mail/support/mail-game.ts';
import { fixtureBoard, fixtureBoardSoftware } from '../support/fixture-board/index.ts';
import { requireServices } from '../support/services.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.generated.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('src/channels/'));
}

/** Each place a file names a forum software: its id as a string of its own, or an import from its folder. */
function namings(code: string, ids: readonly string[]): string[] {
  return ids.flatMap((id) => [
    ...(new RegExp(`(['"\`])${id}\\1`, 'i').test(code) ? [`the string "${id}"`] : []),
    ...(new RegExp(`from ['"][^'"]*/channels/forum/${id}/`).test(code) ? [`an import from the folder of "${id}"`] : []),
  ]);
}

describe('the forum seam', () => {
  const ids = forums
    .all()
    .map((forum) => forum.id)
    .filter((id) => !id.startsWith('fixture-'));
  const files = ['src', 'jobs', 'bin'].flatMap(sources);

  it('covers every registered forum software, and the code outside src/channels', () => {
    expect(ids).toEqual(['xenforo', 'phpbb', 'discourse']);
    expect(files).toEqual(expect.arrayContaining(['src/render/flavours.ts', 'src/turns/remind-players.ts', 'src/web/web-server.ts', 'jobs/service-config.ts']));
  });

  it('finds a forum software named outside its folder', () => {
    expect(namings(`if (forum.software === 'phpbb') return;`, ids)).toEqual(['the string "phpbb"']);
    expect(namings(`import { xenforo } from '../channels/forum/xenforo/index.ts';`, ids)).toEqual(['an import from the folder of "xenforo"']);
    expect(namings(`// a Discourse webhook`, ids)).toEqual([]);
  });

  it('is kept: no file outside src/channels names one', () => {
    const offenders = files.flatMap((file) => namings(readFileSync(path.join(root, file), 'utf8'), ids).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });
});

describe('a forum software registered by one line', () => {
  let redisUrl: string;
  beforeAll(async () => {
    ({ redisUrl } = await requireServices(['redis']));
    if (!forums.has(fixtureBoardSoftware.id)) forums.add(fixtureBoardSoftware);
  });

  it('is taken in game.yaml, read for orders, answered by its private messages and its flavour', async () => {
    const board = fixtureBoard('https://board.test/', 'board-key', ['Adjutant', 'Alice', 'Bob', 'Grace']);
    const env = { BOARD_KEY: 'board-key' };
    const game = await forumTestGame({ software: 'fixture-board', url: 'https://board.test/', thread: 1, credentials: { key: 'BOARD_KEY' } });
    const poster = startTestPoster({ redisUrl, store: game.store, mail: game.outbox, games: (id) => id === game.id, open: (forum) => openForum(forum, env) });
    try {
      board.say('Alice', 'Hello all.\n[orders]\nclaim nor\n[/orders]');
      board.say('Bob', 'Nice try, Alice.');
      const forum = (await storedGame(game.store, game.id)).config.forum!;
      await readThread(game.intake, game.id, openForum(forum, env));
      await game.processQueued();
      expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([{ kind: 'claim', province: 'nor' }]);
      // The confirmation, and the warning that orders in the thread are seen by all, go by the
      // board's private messages, through its own adapter.
      for (let waited = 0; board.privates.length < 2 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(board.privates.map((pm) => pm.to)).toEqual([['Alice'], ['Alice']]);
      expect(board.privates.map((pm) => pm.text).join('\n')).toMatch(/claim/i);
      expect(board.privates.map((pm) => pm.text).join('\n')).toMatch(/everyone|all/i);
      expect(flavourOf(forum).markup).toBe('Fixture Board Markdown');
      expect(flavourIds()).toContain('fixture-board');
    } finally {
      await poster.stop();
      await game.close();
    }
  });

  it('is the only way in: a software nobody registered is refused, naming those that are', () => {
    const { game, problems } = openGame('g', gameFiles('claims', { forum: { software: 'nowhere-board', url: 'https://board.test/', thread: 1 } }));
    expect(game).toBeUndefined();
    expect(problems.map((p) => p.message).join('\n')).toMatch(/"nowhere-board".*xenforo, phpbb, discourse/);
  });
});
