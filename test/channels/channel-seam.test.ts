// The seam between the channels and the rest, as test/rulesets/ruleset-ids.test.ts keeps the
// rulesets': the message handlers, the turns, the renderer, the store and everything below them
// name no channel nor forum software (they read the neutral IncomingMessage, route answers by what
// the channel said, and ask src/channels/settings for the game's thread), and import no channel's
// folder, only the registries; and a channel of the tests' own (test/support/fixture-channel)
// works through the real parse worker once registered. The service (jobs/service.ts) starts every
// channel's processes through the registry alone, naming none; the other edges (the rest of jobs/,
// src/cli, src/web) wire a channel's commands and alerts, so they may name them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionFromUrl, openQueue, QUEUES } from '../../jobs/queues.ts';
import { createParseWorker, enqueueParse } from '../../jobs/parse.ts';
import { channels } from '../../src/channels/index.ts';
import { forums } from '../../src/channels/forum/settings/forums.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { dropNotes, fixtureChannel, pinNote } from '../support/fixture-channel/index.ts';
import { mailTestGame, type MailTestGame } from '../mail/support/mail-game.ts';
import { requireServices } from '../support/services.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folders that must name no channel: the handlers of every message and the layers below them. */
const NEUTRAL = ['src/messages', 'src/turns', 'src/render', 'src/store', 'src/orders', 'src/engine', 'src/rulesets', 'src/combat', 'src/scenario', 'src/datc'];

/**
 * Files that name a channel in a string for a reason of their own: stored values written before
 * the channels were one seam are read back as the forum's (renamed-fields.ts).
 */
const NAMES_STORED_VALUES = ['src/store/renamed-fields.ts'];

/** The folders that import no channel's folder, only the registries: the neutral ones and game.yaml's. */
const IMPORTS_NO_CHANNEL = [...NEUTRAL, 'src/game'];
const REGISTRIES = ['src/channels/index.ts', 'src/channels/settings/index.ts'];

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Each channel a piece of code names by a string of its own: a channel's id, or a kind of it ("forum-post"). Comments do not count. */
function namings(code: string, ids: readonly string[]): string[] {
  return ids.filter((id) => new RegExp(`(['"\`])${id}(-[a-z-]+)?\\1`).test(withoutComments(code))).map((id) => `the channel "${id}"`);
}

function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The channel folders a file at `file` imports, by their paths from the root; the registries it may import do not count. */
function channelImports(file: string, code: string, registries: readonly string[] = REGISTRIES): string[] {
  return [...withoutComments(code).matchAll(/^(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+'(\.[^']+)'/gm)]
    .map(([, spec]) => path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)))
    .filter((to) => to.startsWith('src/channels/') && !registries.includes(to));
}

describe('the channel seam', () => {
  const ids = channels.ids().filter((id) => !id.startsWith('fixture-'));
  const files = NEUTRAL.flatMap(sources);

  it('covers every registered channel and the handlers of every message', () => {
    expect(ids).toEqual(['email', 'forum', 'web']);
    expect(files).toEqual(expect.arrayContaining(['src/messages/replies.ts', 'src/messages/player-message.ts', 'src/turns/remind-players.ts']));
  });

  it('finds a channel named in code, and not in a comment', () => {
    expect(namings(`if (message.channel === 'email') return;`, ids)).toEqual(['the channel "email"']);
    expect(namings(`return { by: "forum-private", to };`, ids)).toEqual(['the channel "forum"']);
    expect(namings(`// an 'email' of the player\nconst a = 1;`, ids)).toEqual([]);
    expect(namings(`const noun = 'emails';`, ids)).toEqual([]);
  });

  it('finds a channel folder imported, and not a registry', () => {
    expect(channelImports('src/turns/a.ts', "import { x } from '../channels/forum/settings/forum-config.ts';")).toEqual([
      'src/channels/forum/settings/forum-config.ts',
    ]);
    expect(channelImports('src/turns/a.ts', "import { threadOf } from '../channels/settings/index.ts';")).toEqual([]);
  });

  it('is kept: no handler of a message, nor anything below them, names one or a forum software', () => {
    const names = [...ids, ...forums.ids()];
    const offenders = files
      .filter((file) => !NAMES_STORED_VALUES.includes(file))
      .flatMap((file) => namings(readFileSync(path.join(root, file), 'utf8'), names).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it("is kept: none of them, nor game.yaml's reader, imports a channel's folder", () => {
    const offenders = IMPORTS_NO_CHANNEL.flatMap(sources).flatMap((file) =>
      channelImports(file, readFileSync(path.join(root, file), 'utf8')).map((to) => `${file} imports ${to}`),
    );
    expect(offenders).toEqual([]);
  });
});

/** The one file that starts every channel's processes: it reaches them through the channel registry only. */
const SERVICE = 'jobs/service.ts';
const SERVICE_MAY_IMPORT = ['src/channels/index.ts', 'src/channels/import-game.ts'];

describe('the service', () => {
  const names = [...channels.ids().filter((id) => !id.startsWith('fixture-')), ...forums.ids()];

  it('finds a channel named or its folder imported, and not the registry', () => {
    const code =
      "import { channels } from '../src/channels/index.ts';\nimport { startIntake } from '../src/channels/email/imap-intake.ts';\nconst q = 'forum-post';";
    expect(channelImports(SERVICE, code, SERVICE_MAY_IMPORT)).toEqual(['src/channels/email/imap-intake.ts']);
    expect(namings(code, names)).toEqual(['the channel "forum"']);
  });

  it("is kept: jobs/service.ts starts every channel's processes through the registry, naming none and importing no channel's folder", () => {
    const code = readFileSync(path.join(root, SERVICE), 'utf8');
    const offenders = [...namings(code, names), ...channelImports(SERVICE, code, SERVICE_MAY_IMPORT).map((to) => `imports ${to}`)];
    expect(offenders).toEqual([]);
  });
});

describe('a channel registered by one line', () => {
  let game: MailTestGame;
  let redisUrl: string;
  beforeAll(async () => {
    ({ redisUrl } = await requireServices(['redis']));
    if (!channels.has(fixtureChannel.id)) channels.add(fixtureChannel);
    game = await mailTestGame();
  });
  afterAll(async () => {
    await dropNotes(game.store.redis, game.id);
    await game.close();
  });

  it("takes a nation's orders through the parse worker, and answers by mail", async () => {
    const prefix = `{adjutant-test-${game.id}}`;
    const connection = connectionFromUrl(redisUrl);
    const queue = openQueue(QUEUES.parse, connection, prefix);
    const worker = createParseWorker(game.deps, connection, { prefix, concurrency: 1 });
    try {
      const id = await pinNote(game.store.redis, game.id, 'red', 'claim nor', game.deps.now());
      await enqueueParse(queue)({ gameId: game.id, messageId: id });
      // The answer is recorded once the outcome is committed: the last thing the job does.
      let reply = await game.outbox.entry(game.id, `reply:${id}`);
      for (let i = 0; !reply && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        reply = await game.outbox.entry(game.id, `reply:${id}`);
      }
      expect(await new MessageLedger(game.store.redis).result(game.id, id)).toMatchObject({ outcome: 'orders', role: 'player', nation: 'red' });
      expect((await game.store.ordersInForce(game.id)).red?.orders).toEqual([expect.objectContaining({ kind: 'claim' })]);
      expect(reply).toMatchObject({ to: ['player1@adjutant.test'], subject: expect.stringContaining('Re: your note') });
    } finally {
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
  });
});
