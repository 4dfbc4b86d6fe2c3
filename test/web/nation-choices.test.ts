// The orders a nation may give in a province, for the nation page's click-to-order
// (GET /-/nation/<token>/choices?at=&to=, src/web/nation-choices.ts), on the board NES starter
// stored in the real Redis: lines for the nation's own unit, toward a province when one is named,
// each in the notation and in plain words; another nation's link answers for its own nation only
// (nothing in a province where it has nothing); a mistyped or revoked link is refused; never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { starterWorld, type StarterWorld } from './support.ts';

interface Answer {
  lines?: Array<{ text: string; says: string }>;
  error?: string;
}

describe('the orders a nation may give in a province', () => {
  let world: StarterWorld;
  let gameId: string;

  beforeAll(async () => {
    world = await starterWorld(['board-nes']);
    gameId = world.games.get('board-nes')!;
  }, 60_000);

  afterAll(() => world?.close());

  const pageOf = async (nation: string) => `${world.server.url}/-/nation/${await world.links.nationToken(gameId, nation)}`;
  const ask = async (page: string, query: string) => {
    const response = await fetch(`${page}/choices?${query}`);
    return { response, body: (await response.json()) as Answer };
  };

  it("answers the link's nation's orders for its unit's province, toward another when named, as JSON never cached", async () => {
    const red = await pageOf('red');
    const { response, body } = await ask(red, 'at=lon');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(body.lines).toEqual(
      expect.arrayContaining([
        { text: 'Hold army lon', says: 'Your army in London holds.' },
        { text: expect.stringMatching(/^Move army lon -> \w+$/), says: expect.stringMatching(/^Your army in London moves to /) },
      ]),
    );
    const toWales = await ask(red, 'at=lon&to=wal');
    expect(toWales.body.lines).toContainEqual({ text: 'Move army lon -> wal', says: 'Your army in London moves to Wales.' });
    expect(toWales.body.lines?.every((l) => /\bwal\b/.test(l.text))).toBe(true);
    // The fleet at sea: its own orders there.
    expect((await ask(red, 'at=nth')).body.lines?.map((l) => l.text)).toContain('Hold fleet nth');
  });

  it("answers another nation's link for that nation only: nothing for Red's units, its own for its own", async () => {
    const blue = await pageOf('blue');
    for (const query of ['at=lon', 'at=lon&to=wal', 'at=nth']) {
      const { response, body } = await ask(blue, query);
      expect(response.status, query).toBe(200);
      expect(body.lines, query).toEqual([]);
    }
    expect((await ask(blue, 'at=edi')).body.lines?.map((l) => l.text)).toContain('Hold army edi');
  });

  it('refuses a mistyped or revoked link, a province not on the map, and anything but GET', async () => {
    const green = await pageOf('green');
    expect((await ask(green, 'at=atlantis')).response.status).toBe(400);
    expect((await ask(green, '')).response.status).toBe(400);
    expect((await fetch(`${green}/choices?at=lvp`, { method: 'POST' })).status).toBe(405);
    const mistyped = await ask(
      green.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      'at=lvp',
    );
    expect(mistyped.response.status).toBe(403);
    expect(mistyped.body.error).toMatch(/not valid/);
    expect((await ask(green, 'at=lvp')).body.lines?.length).toBeGreaterThan(0);
    await world.links.revokeNation(gameId, 'green');
    const revoked = await ask(green, 'at=lvp');
    expect(revoked.response.status).toBe(403);
    expect(revoked.body.lines).toBeUndefined();
  });
});
