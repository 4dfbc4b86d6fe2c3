// A public page is built once and sent to every reader as is, with an ETag: a browser that has it
// gets 304 and no body; a change in who has ordered gives a new page within a quarter second, and a
// file in the output folder drawn again shows under its URL within a second.
import { copyFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_TTL_MS } from '../../src/web/public-pages.ts';
import { claim } from '../turns/support.ts';
import { webWorld, type WebWorld } from './support.ts';

describe('public pages from memory', () => {
  let world: WebWorld;

  beforeAll(async () => {
    world = await webWorld();
    await world.playStep({ red: 'nor', blue: 'sou' });
  }, 60_000);
  afterAll(() => world.close());

  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${world.server.url}${pathname}`, { headers });

  it('answers 304 with no body to a reader who has the page, and the new page once it changed', async () => {
    const page = `/${world.gameId}/`;
    const first = await get(page);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await get(page, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get(page, { 'if-none-match': '"something-else"' })).status).toBe(200);

    // Red orders: the page lists who has ordered, so it is a new page once the page's moment in memory is over.
    await claim(world.rt, world.gameId, 'red', 'mid');
    await new Promise((r) => setTimeout(r, FINGERPRINT_TTL_MS + 20));
    const changed = await get(page, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toMatch(/Redmark/);
  });

  it('serves the index with an ETag too', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag')!;
    expect((await get('/', { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves a file written just after a reader missed it', async () => {
    const late = `/${world.gameId}/turn-1/late.png`;
    expect((await get(late)).status).toBe(404);
    await copyFile(path.join(world.outDir, world.gameId, 'turn-1', 'map.png'), path.join(world.outDir, world.gameId, 'turn-1', 'late.png'));
    expect((await get(late)).status).toBe(200);
  });

  it('shows a map drawn again under its URL within a second', async () => {
    const map = `/${world.gameId}/turn-1/map.png`;
    const before = (await get(map)).headers.get('etag')!;
    await utimes(path.join(world.outDir, world.gameId, 'turn-1', 'map.png'), new Date(), new Date(Date.now() + 60_000));
    await new Promise((r) => setTimeout(r, 1100));
    const after = await get(map, { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });
});
