// `adjutant web`: the links it prints open what they name, and revoking stops them.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { WebLinks } from '../../src/web/link-generations.ts';
import { requireServices } from '../support/services.ts';
import { cleanUp, storeFixtureGame, testRuntime } from '../turns/support.ts';
import { WEB_SECRET } from './support.ts';

describe('adjutant web', () => {
  const rt = testRuntime();
  const links = new WebLinks(rt.redis, WEB_SECRET, () => new Date());
  const env = { ...process.env };
  let gameId: string;

  beforeAll(async () => {
    const { redisUrl } = await requireServices(['redis']);
    Object.assign(process.env, { REDIS_URL: redisUrl, ADJUTANT_WEB_SECRET: WEB_SECRET, ADJUTANT_PUBLIC_URL: 'https://games.example.org/adjutant/' });
    gameId = await storeFixtureGame(rt);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    process.env = env;
    await cleanUp(rt, [gameId]);
    await rt.close();
  });

  async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const code = await main(['node', 'adjutant', 'web', ...args]);
    return { code, out: out.mock.calls.flat().join('\n'), err: err.mock.calls.flat().join('\n') };
  }

  it("prints a nation's link under the public URL, and revoking stops it", async () => {
    const { code, out } = await run('nation-link', gameId, 'red');
    expect(code).toBe(0);
    const token = /^https:\/\/games\.example\.org\/adjutant\/-\/nation\/(\S+)$/.exec(out)![1];
    expect(await links.check(token)).toMatchObject({ kind: 'nation', game: gameId, nation: 'red' });
    expect((await run('revoke-nation', gameId, 'red')).code).toBe(0);
    expect(await links.check(token)).toBeNull();
  });

  it('opens nothing in a game created again under the id of a deleted one', async () => {
    const id = await storeFixtureGame(rt);
    const token = await links.nationToken(id, 'red');
    expect(await links.check(token)).not.toBeNull();
    await rt.store.deleteGame(id);
    await storeFixtureGame(rt, {}, id);
    try {
      expect(await links.check(token)).toBeNull();
    } finally {
      await cleanUp(rt, [id]);
    }
  });

  it("prints the GM's login link, and revoking stops it", async () => {
    const email = `gm-${gameId}@adjutant.test`;
    const token = /\/-\/gm\/login\/(\S+)$/.exec((await run('gm-link', email.toUpperCase())).out)![1];
    expect(await links.check(token)).toMatchObject({ kind: 'gm', email });
    await run('revoke-gm', email);
    expect(await links.check(token)).toBeNull();
  });

  it('says what is wrong with a nation the game does not have, or a missing secret', async () => {
    const unknown = await run('nation-link', gameId, 'green');
    expect([unknown.code, unknown.err]).toEqual([1, `"${gameId}" has no nation "green"; use the nation's id from game.yaml.`]);
    delete process.env.ADJUTANT_WEB_SECRET;
    const noSecret = await run('gm-link', 'gm@adjutant.test');
    expect(noSecret.code).toBe(1);
    expect(noSecret.err).toContain('Set ADJUTANT_WEB_SECRET');
  });
});
