// `adjutant forum test` as a GM runs it (a real child process) against a local XenForo that
// follows the documented API, and the forum section of game.yaml checked like the rest of it.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateGameFolder } from '../../src/game/load-game.ts';
import { formatProblem } from '../../src/game/problems.ts';
import { startXenForo, type XenForoForum } from './contract/xenforo-server.ts';

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

const xenforoSection = (players = '    Alice: red\n    Bob: blue') => `forum:\n  software: xenforo\n  url: ${forum.apiUrl}\n  thread: 77\n  credentials: { key: TEST_XF_KEY }\n  players:\n${players}`;

async function forumTest(dir: string, env: Record<string, string>, ...extra: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), 'forum', 'test', '--game', dir, ...extra], { cwd: ROOT, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (e) {
    return e as { code: number; stdout: string; stderr: string };
  }
}

describe('adjutant forum test', () => {
  it('reads the thread and finds every player\'s member, and posts nothing', async () => {
    forum.say(2, 'hello');
    const dir = await gameWithForum(xenforoSection());
    const { code, stdout } = await forumTest(dir, { TEST_XF_KEY: forum.key });
    expect(stdout).toContain('ok    the thread can be read: 1 posts');
    expect(stdout).toContain('ok    the member "Alice" (red): member #2');
    expect(code).toBe(0);
    expect(forum.posts.filter((p) => p.user_id === 1)).toEqual([]);
  });

  it('says in one sentence what is wrong: a missing variable, a refused key, an unknown member', async () => {
    const dir = await gameWithForum(xenforoSection('    Mallory: red'));
    const unset = await forumTest(dir, {});
    expect(unset.code).toBe(1);
    expect(unset.stderr.trim()).toBe('The environment variable TEST_XF_KEY, named in game.yaml\'s forum.credentials, is not set.');
    const refused = await forumTest(dir, { TEST_XF_KEY: 'wrong' });
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toMatch(/FAIL {2}the thread can be read: .*API key provided in request was not found\. Check the API key/);
    const unknown = await forumTest(dir, { TEST_XF_KEY: forum.key });
    expect(unknown.stdout).toContain('FAIL  the member "Mallory" (red): there is no member "Mallory" on the forum; check forum.players in game.yaml.');
  });
});

describe('the forum section of game.yaml', () => {
  it('is checked with file and line: software, address, credentials by variable name, players\' nations', async () => {
    const dir = await gameWithForum('forum:\n  software: vbulletin\n  url: ftp://x\n  thread: 0');
    const problems = (await validateGameFolder(dir)).map(formatProblem).join('\n');
    expect(problems).toMatch(/game\.yaml:\d+: forum\.software: .*xenforo.*discourse.*phpbb/);
    expect(problems).toMatch(/game\.yaml:\d+: forum\.url: write the forum's address, starting with https:\/\//);
    expect(problems).toMatch(/game\.yaml:\d+: forum\.thread/);

    const secretInFile = await gameWithForum(`forum:\n  software: discourse\n  url: https://forum.example.com\n  thread: 5\n  credentials: { key: 9f8e7d6c5b4a, user: DC_USER }\n  players:\n    Alice: purple`);
    const found = (await validateGameFolder(secretInFile)).map(formatProblem).join('\n');
    expect(found).toContain('forum.credentials.key: write the name of an environment variable (like XF_API_KEY), not the secret itself');
    expect(found).toContain('there is no nation "purple" in this game (nations: red, blue, green)');
  });
});
