// `adjutant forum test` as a GM runs it (a real child process) against a local XenForo that
// follows the documented API, its checks against a local Discourse, and the forum section of
// game.yaml checked like the rest of it.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkForum, type ForumCheck } from '../../src/channels/forum/check-forum.ts';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { forumSchema } from '../../src/channels/forum/settings/forum-config.ts';
import { xenforoAdapter } from '../../src/channels/forum/xenforo/xenforo-adapter.ts';
import { validateGameFolder } from '../../src/game/load-game.ts';
import { formatProblem } from '../../src/game/problems.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';

const ROOT = path.join(import.meta.dirname, '../..');
let forum: XenForoForum;

beforeAll(async () => {
  forum = await startXenForo();
});
afterAll(async () => {
  await forum.server.close();
});

async function gameWithForum(section: string): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'adjutant-forum-')), 'valleys');
  await cp(path.join(ROOT, 'examples/starter/board-nes'), dir, { recursive: true });
  const yaml = await readFile(path.join(dir, 'game.yaml'), 'utf8');
  await writeFile(path.join(dir, 'game.yaml'), yaml.replace('nations:', `${section}\nnations:`));
  return dir;
}

const xenforoSection = (players = '    Alice: red\n    Bob: blue') =>
  `forum:\n  software: xenforo\n  url: ${forum.apiUrl}\n  thread: 77\n  credentials: { key: TEST_XF_KEY }\n  players:\n${players}`;

async function forumTest(dir: string, env: Record<string, string>, ...extra: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), 'forum', 'test', '--game', dir, ...extra], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    return e as { code: number; stdout: string; stderr: string };
  }
}

describe('adjutant forum test', () => {
  it("reads the thread and finds every player's member, and posts nothing", async () => {
    forum.say(2, 'hello');
    const dir = await gameWithForum(xenforoSection());
    const { code, stdout } = await forumTest(dir, { TEST_XF_KEY: forum.key });
    expect(stdout).toContain('ok    the thread can be read: 1 posts');
    expect(stdout).toContain("ok    the private messages to the game's account can be read: 0 messages");
    expect(stdout).toContain('ok    the member "Alice" (red): member #2');
    expect(code).toBe(0);
    expect(forum.posts.filter((p) => p.user_id === 1)).toEqual([]);
  });

  it('says in one sentence what is wrong: a missing variable, a refused key, an unknown member', async () => {
    const dir = await gameWithForum(xenforoSection('    Mallory: red'));
    const unset = await forumTest(dir, {});
    expect(unset.code).toBe(1);
    expect(unset.stderr.trim()).toBe("The environment variable TEST_XF_KEY, named in game.yaml's forum.credentials, is not set.");
    const refused = await forumTest(dir, { TEST_XF_KEY: 'wrong' });
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toMatch(/FAIL {2}the thread can be read: .*API key provided in request was not found\. Check the API key/);
    const unknown = await forumTest(dir, { TEST_XF_KEY: forum.key });
    expect(unknown.stdout).toContain('FAIL  the member "Mallory" (red): there is no member "Mallory" on the forum; check forum.players in game.yaml.');
  });
});

/** The checks of the local Discourse as game.yaml would name it, with alice playing red. */
function discourseChecks(dc: DiscourseForum): () => Promise<ForumCheck[]> {
  const config = forumSchema.parse({
    software: 'discourse',
    url: dc.server.url,
    thread: 55,
    credentials: { key: 'DC_KEY', user: 'DC_USER' },
    players: { alice: 'red' },
  });
  const adapter = discourseAdapter({ baseUrl: dc.server.url, topicId: 55, apiKey: dc.key, apiUsername: 'adjutant', http: { retries: 0 } });
  return () => checkForum(config, adapter);
}

describe('the checks of a Discourse forum', () => {
  it("reads the game account's private messages, and says so when the key cannot", async () => {
    const dc = await startDiscourse();
    try {
      dc.message('alice', 'Orders', 'claim nor');
      const check = discourseChecks(dc);
      expect((await check()).map((c) => c.line)).toContain("ok    the private messages to the game's account can be read: 1 messages");
      // A key whose scopes do not reach the message list (Discourse answers 403).
      dc.server.fail({ status: 403, body: { errors: ['You are not permitted to view the requested resource.'], error_type: 'invalid_access' } }, 1, (req) =>
        req.path.startsWith('/topics/private-messages/'),
      );
      const checks = await check();
      expect(checks.at(-1)?.line).toMatch(
        /^FAIL {2}the private messages to the game's account can be read: GET .*\/topics\/private-messages\/adjutant\.json: You are not permitted to view the requested resource\. Check the API key and its permissions/,
      );
      expect(checks.some((c) => c.line.includes('the member'))).toBe(false);
    } finally {
      await dc.server.close();
    }
  });
});

describe("the game account's standing", () => {
  it('says what a Discourse trust level allows, and stops at one that cannot send private messages', async () => {
    const dc = await startDiscourse();
    try {
      const check = discourseChecks(dc);
      const line = async () => (await check()).find((c) => c.line.includes("the account's standing"))!;
      expect((await line()).line).toMatch(/^ok {4}the account's standing: adjutant is at trust level 1, not staff: it may start 20 private messages a day/);
      dc.staff.on = true;
      expect((await line()).line).toContain('adjutant is staff: no limits');
      dc.staff.on = false;
      dc.trustLevels.adjutant = 0;
      const checks = await check();
      expect(checks.at(-1)).toEqual({
        ok: false,
        line: expect.stringMatching(/^FAIL {2}the account's standing: adjutant is at trust level 0, which may not send private messages/),
      });
      expect(checks.some((c) => c.line.includes('the member'))).toBe(false);

      // A closed topic takes no reply but staff's: the update could not be posted.
      dc.trustLevels.adjutant = 1;
      dc.closed.on = true;
      expect((await check()).at(-1)).toEqual({
        ok: false,
        line: expect.stringMatching(
          /^FAIL {2}the account's standing: adjutant is at trust level 1, .* It may not post in the game's topic, which is closed, so no update can be posted/,
        ),
      });
      dc.staff.on = true;
      expect((await line()).line).toMatch(/^ok {4}the account's standing: adjutant is staff: no limits on posts or private messages\.$/);
    } finally {
      await dc.server.close();
    }
  });

  it('says whether a XenForo account is staff or an ordinary member slowed by the flood check', async () => {
    const xf = await startXenForo();
    try {
      const config = forumSchema.parse({ software: 'xenforo', url: xf.apiUrl, thread: 77, credentials: { key: 'XF_KEY' }, players: { Alice: 'red' } });
      const check = async () =>
        (await checkForum(config, xenforoAdapter({ baseUrl: xf.apiUrl, threadId: 77, apiKey: xf.key, http: { retries: 0 } }))).map((c) => c.line);
      expect((await check()).some((l) => /^ok {4}the account's standing: Adjutant is an ordinary member: the board's flood check/.test(l))).toBe(true);
      xf.moderator.on = true;
      expect(await check()).toContain("ok    the account's standing: Adjutant is staff: the board's flood check and limits do not slow it.");
    } finally {
      await xf.server.close();
    }
  });
});

describe('the forum section of game.yaml', () => {
  it("is checked with file and line: software, address, credentials by variable name, players' nations", async () => {
    const dir = await gameWithForum('forum:\n  software: vbulletin\n  url: ftp://x\n  thread: 0');
    const problems = (await validateGameFolder(dir)).map(formatProblem).join('\n');
    expect(problems).toMatch(/game\.yaml:\d+: forum\.software: .*xenforo.*phpbb.*discourse/);
    expect(problems).toMatch(/game\.yaml:\d+: forum\.url: write the forum's address, starting with https:\/\//);
    expect(problems).toMatch(/game\.yaml:\d+: forum\.thread/);

    const secretInFile = await gameWithForum(
      `forum:\n  software: discourse\n  url: https://forum.example.com\n  thread: 5\n  credentials: { key: 9f8e7d6c5b4a, user: DC_USER }\n  players:\n    Alice: purple`,
    );
    const found = (await validateGameFolder(secretInFile)).map(formatProblem).join('\n');
    expect(found).toContain('forum.credentials.key: write the name of an environment variable (like XF_API_KEY), not the secret itself');
    expect(found).toContain('there is no nation "purple" in this game (nations: red, blue, green)');
  });
});
