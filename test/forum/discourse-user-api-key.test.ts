// A GM with an ordinary Discourse member account runs a game through a user API key: `adjutant
// forum authorize` (a real child process) prints the link, the member approves it on the local
// Discourse (sandbox/forum/discourse-user-api-keys.ts), the payload gives the key, and the
// game then reads an orders post and a private message and posts its update and the
// confirmations as that member, through the real intake, Redis and forum poster. A revoked key is
// refused as Discourse refuses it, and each wrong step of authorize is one sentence.
import { mkdtemp, cp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markerLine } from '../../src/channels/forum/base/forum-adapter.ts';
import { ForumAuthError } from '../../src/channels/forum/base/forum-errors.ts';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { userApiKeys } from '../../src/channels/forum/discourse/user-api-key.ts';
import { readThread } from '../../src/channels/forum/forum-intake.ts';
import { openForum } from '../../src/channels/forum/open-forum.ts';
import { forumSchema, readEveryMsOf } from '../../src/channels/forum/settings/forum-config.ts';
import { storedGame } from '../../src/store/stored-game.ts';
import { adjutant } from '../cli/run-cli.ts';
import { requireServices } from '../support/services.ts';
import { waitFor } from '../turns/support.ts';
import { startDiscourse, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';
import { gamePoster } from './support/test-poster.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const CREDENTIALS = { userApiKey: 'TEST_DC_MEMBER_KEY', userApiClientId: 'TEST_DC_MEMBER_CLIENT' };
let redisUrl: string;
let dc: DiscourseForum;
let game: ForumTestGame | undefined;
const folders: string[] = [];

beforeAll(async () => {
  ({ redisUrl } = await requireServices(['redis']));
});
beforeEach(async () => {
  dc = await startDiscourse(55, ['adjutant', 'alice', 'bob', 'grace', 'umpire']);
});
afterEach(async () => {
  await dc.server.close();
  await game?.close();
  game = undefined;
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A game folder whose forum section names the member's key by its variables. */
async function gameFolder(): Promise<string> {
  const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'adjutant-authorize-')), 'valleys');
  folders.push(path.dirname(dir));
  await cp(path.join(ROOT, 'examples/starter/board-nes'), dir, { recursive: true });
  const section = `forum:\n  software: discourse\n  url: ${dc.server.url}\n  thread: 55\n  credentials: { userApiKey: ${CREDENTIALS.userApiKey}, userApiClientId: ${CREDENTIALS.userApiClientId} }\n  players:\n    Alice: red\n    Bob: blue\n`;
  const yaml = await readFile(path.join(dir, 'game.yaml'), 'utf8');
  await writeFile(path.join(dir, 'game.yaml'), yaml.replace('nations:', `${section}nations:`));
  return dir;
}

/** The first step: the link it printed. */
async function authorizeLink(dir: string): Promise<URL> {
  const { code, stdout, stderr } = await adjutant(['forum', 'authorize', dir]);
  expect([code, stderr]).toEqual([0, '']);
  return new URL(/^(http:\/\/\S+\/user-api-key\/new\?\S+)$/m.exec(stdout)![1]);
}

describe('a game run with a Discourse user API key', () => {
  it(
    'authorize -> key -> the game reads an orders post and a private message, and posts its update and confirmations as the member',
    { timeout: 150_000 },
    async () => {
      const dir = await gameFolder();
      const link = await authorizeLink(dir);
      expect(Object.fromEntries([...link.searchParams].map(([k, v]) => [k, k === 'public_key' ? v.split('\n')[0] : k === 'nonce' ? v.length : v]))).toEqual({
        application_name: 'Adjutant (valleys)',
        client_id: expect.stringMatching(/^adjutant-valleys-[0-9a-f]{8}$/),
        scopes: 'write',
        public_key: '-----BEGIN PUBLIC KEY-----',
        nonce: 32,
      });
      const pem = path.join(dir, '.adjutant', 'discourse-user-api.pem');
      expect((await stat(pem)).mode & 0o777).toBe(0o600);

      const payload = await dc.userKeys.approve(link.href, 'umpire');
      expect(payload).toContain('\n');
      const done = await adjutant(['forum', 'authorize', dir, '--payload', payload]);
      const [grant] = dc.userKeys.granted;
      expect(done.code).toBe(0);
      expect(done.stdout).toContain(`\n${CREDENTIALS.userApiKey}=${grant.key}\n${CREDENTIALS.userApiClientId}=${grant.clientId}\n`);
      expect(done.stdout).toContain('Checked with Discourse: umpire is at trust level 1, not staff');
      await expect(stat(pem)).rejects.toThrow(/ENOENT/);

      const env = { [CREDENTIALS.userApiKey]: grant.key, [CREDENTIALS.userApiClientId]: grant.clientId };
      game = await forumTestGame({ software: 'discourse', url: dc.server.url, thread: 55, credentials: CREDENTIALS });
      const forum = (await storedGame(game.store, game.id)).config.forum!;
      dc.say('alice', 'For the valleys!\n[orders]\nclaim nor\n[/orders]');
      dc.message('bob', 'Orders', 'claim sou', ['umpire']);
      expect((await readThread(game.intake, game.id, openForum(forum, env))).taken).toHaveLength(2);
      expect((await game.processQueued()).map((r) => [r.outcome, r.nation])).toEqual([
        ['orders', 'red'],
        ['orders', 'blue'],
      ]);
      const map = path.join(path.dirname(dir), 'map.png');
      await writeFile(map, Buffer.from('a map'));
      await game.deps.postOutbox!.record(game.id, { kind: 'post', key: 'update:step-1', text: 'Spring 2031', images: [{ filename: 'map.png', path: map }] });

      const id = game.id;
      const poster = gamePoster(game, redisUrl, (f) => openForum(f, env, { backoffMs: 20, retries: 1 }));
      try {
        const update = await waitFor('the update in the topic', async () => dc.posts.find((p) => p.raw.includes(markerLine(`${id}/update:step-1`))));
        expect(update.username).toBe('umpire');
        const toBob = await waitFor('the confirmation to bob', async () =>
          dc.pms.find((pm) => pm.participants.includes('bob') && pm.posts.some((p) => p.username === 'umpire')),
        );
        expect(toBob.posts.find((p) => p.username === 'umpire')!.raw).toContain('claim sou');
        await waitFor('the confirmation to alice', async () =>
          dc.pms.some((pm) => pm.participants.includes('alice') && pm.posts.some((p) => p.raw.includes('claim nor'))),
        );
      } finally {
        await poster.stop();
      }
      // Every request acted as the member: no administrator's key, and the client id it was approved for.
      const api = dc.server.requests.filter((r) => !r.path.startsWith('/user-api-key'));
      expect(api.every((r) => r.headers['user-api-key'] === grant.key && r.headers['api-key'] === undefined)).toBe(true);
      expect([...grant.clientIdsSeen]).toEqual([grant.clientId]);

      // Revoked (the member's Apps tab): Discourse answers 403, and the GM is told what to do.
      dc.userKeys.revoke('umpire');
      const refused = readThread(game.intake, game.id, openForum(forum, env, { backoffMs: 5, retries: 1 }));
      await expect(refused).rejects.toThrow(ForumAuthError);
      await expect(refused).rejects.toThrow(/it may have been revoked.*run adjutant forum authorize again/);
    },
  );

  it('says in one sentence what is wrong: no request kept, a payload that is not one, a payload for another request', { timeout: 150_000 }, async () => {
    const dir = await gameFolder();
    const none = await adjutant(['forum', 'authorize', dir, '--payload', 'abc']);
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toMatch(/^There is no authorization request kept in .*\.adjutant: run adjutant forum authorize .* \(without --payload\) first/);

    const link = await authorizeLink(dir);
    const garbage = await adjutant(['forum', 'authorize', dir, '--payload', Buffer.from('not a payload').toString('base64')]);
    expect(garbage.stderr.trim()).toBe(
      'That is not the payload Discourse showed for this request: copy the whole block of text from the page after Authorize, or run adjutant forum authorize again for a new link.',
    );
    // The same key pair, another nonce: a payload meant for another request.
    const other = new URL(link);
    other.searchParams.set('nonce', 'f'.repeat(32));
    const wrongNonce = await adjutant(['forum', 'authorize', dir, '--payload', await dc.userKeys.approve(other.href, 'umpire')]);
    expect(wrongNonce.code).toBe(1);
    expect(wrongNonce.stderr.trim()).toMatch(/^That payload answers another authorization request than the one kept in this game folder/);
    // Nothing was given to the GM, and the right payload still opens.
    const right = await adjutant(['forum', 'authorize', dir, '--payload', await dc.userKeys.approve(link.href, 'umpire')]);
    expect(right.stdout).toContain(`${CREDENTIALS.userApiKey}=${dc.userKeys.granted.at(-1)!.key}`);
    // A new request for the game keeps its client id, so Discourse replaces the member's key for it rather than adding one.
    expect((await authorizeLink(dir)).searchParams.get('client_id')).toBe(link.searchParams.get('client_id'));
    expect(dc.userKeys.granted).toHaveLength(1);
  });
});

describe('the Discourse adapter with a user API key', () => {
  /** A key the member approved, for the scopes asked (the link's own unless `scopes` says otherwise). */
  async function memberKey(username: string, scopes?: string): Promise<string> {
    const request = userApiKeys.begin(dc.server.url, { id: 'adjutant-test', name: 'Adjutant (test)' });
    const link = new URL(request.link);
    if (scopes) link.searchParams.set('scopes', scopes);
    return userApiKeys.finish(await dc.userKeys.approve(link.href, username), request);
  }
  const adapter = (key: string) =>
    discourseAdapter({ baseUrl: dc.server.url, topicId: 55, userApiKey: key, clientId: 'adjutant-test', http: { backoffMs: 5, retries: 1 } });

  it("acts as the member, with a member's rights: its own messages, asked its name once, and no post staff deleted", async () => {
    const mine = dc.message('alice', 'Orders', 'claim nor', ['umpire']);
    dc.message('alice', 'Secret', 'claim sou', ['bob']);
    dc.reply(mine, 'umpire', 'Noted.');
    dc.staff.on = true;
    dc.remove(dc.say('bob', 'gone'), 'staff');
    dc.say('bob', 'stays');
    const member = adapter(await memberKey('umpire'));
    expect((await member.readSince(null)).posts.map((p) => p.text)).toEqual(['stays']);
    expect((await member.readPrivateSince!(null)).messages.map((m) => [m.post.author.name, m.post.text])).toEqual([['alice', 'claim nor']]);
    expect(dc.server.requests.filter((r) => r.path === '/session/current.json')).toHaveLength(1);
  });

  it('is refused what its scopes do not reach, and everything once revoked', async () => {
    const readOnly = adapter(await memberKey('umpire', 'read'));
    expect((await readOnly.readSince(null)).posts).toEqual([]);
    await expect(readOnly.publish({ text: 'Spring', images: [], marker: 'test:1' })).rejects.toThrow(ForumAuthError);
    const member = adapter(await memberKey('umpire'));
    await member.publish({ text: 'Spring', images: [], marker: 'test:2' });
    expect(dc.posts.map((p) => p.username)).toEqual(['umpire']);
    dc.userKeys.revoke('umpire');
    await expect(member.readSince(null)).rejects.toThrow(
      /You are not permitted to view the requested resource\. Check the user API key: it may have been revoked/,
    );
  });
});

describe("game.yaml's Discourse credentials", () => {
  const parse = (credentials: Record<string, string>, software = 'discourse') =>
    forumSchema.safeParse({ software, url: 'https://forum.example.com', thread: 5, credentials }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('take exactly one of an administrator key with its user, or a member key', () => {
    expect(parse({ userApiKey: 'DC_MEMBER' })).toBeUndefined();
    expect(parse({ key: 'DC_KEY', user: 'DC_USER' })).toBeUndefined();
    expect(parse({ userApiKey: 'DC_MEMBER', key: 'DC_KEY', user: 'DC_USER' })).toEqual([
      "credentials: give either credentials.userApiKey (a user API key) or credentials.key and credentials.user (an administrator's API key), not both",
    ]);
    expect(parse({})).toEqual([
      'credentials.key: Discourse needs an API key: give credentials.key, the name of the environment variable holding it (or credentials.userApiKey: a user API key, see adjutant forum authorize)',
    ]);
    expect(parse({ userApiClientId: 'DC_CLIENT', key: 'DC_KEY', user: 'DC_USER' })).toEqual([
      'credentials.userApiClientId: userApiClientId goes with credentials.userApiKey: give that too, or remove it',
    ]);
    expect(parse({ userApiKey: 'XF_MEMBER' }, 'xenforo')).toEqual([
      'credentials.userApiKey: XenForo has no user API keys: give credentials.key, the name of the variable holding its API key',
    ]);
    expect(parse({ userApiKey: 'a1b2c3d4e5' })?.[0]).toMatch(/^credentials.userApiKey: write the name of an environment variable/);
  });
});

describe('a game on a member key', () => {
  it('is read every 3 minutes at most, to keep within the 2,880 requests a day such a key may make; an administrator key is read every round', () => {
    const section = (credentials: Record<string, string>) =>
      forumSchema.parse({ software: 'discourse', url: 'https://forum.example.com', thread: 5, credentials });
    expect(readEveryMsOf(section({ userApiKey: 'DC_MEMBER' }), 60_000)).toBe(180_000);
    expect(readEveryMsOf(section({ userApiKey: 'DC_MEMBER' }), 600_000)).toBe(600_000);
    expect(readEveryMsOf(section({ key: 'DC_KEY', user: 'DC_USER' }), 60_000)).toBe(60_000);
  });
});
