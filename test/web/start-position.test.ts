// Before the first turn: the scheduler's first look at a new game queues its starting map, the
// render job draws it under /<game>/start/map.png, and the public page shows the starting nations
// table with it, as the nation's page shows the map beside where the nation stands. Once a turn
// is played, the pages show the turn instead.
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../turns/support.ts';
import { webWorld, type WebWorld } from './support.ts';

describe('the starting position before turn 1', () => {
  let world: WebWorld;
  let mapFile: string;

  beforeAll(async () => {
    world = await webWorld();
    mapFile = path.join(world.outDir, world.gameId, 'start', 'map.png');
    await waitFor('the starting map', () =>
      access(mapFile).then(
        () => true,
        () => false,
      ),
    );
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  const page = async (address: string) => {
    const response = await fetch(address);
    expect(response.status).toBe(200);
    return response.text();
  };

  it('is on the public page: the nations table as an update shows it, and the starting map', async () => {
    const html = await page(`${world.server.url}/${world.gameId}/`);
    expect(html).toContain('No turn has been played yet.');
    expect(html).toContain('<h2>Starting position before Turn 1</h2>');
    expect(html).toMatch(/<table class="nations">[^]*<td>Redmark<\/td>[^]*<td>Bluevale<\/td>[^]*<\/table>/);
    expect(html).toContain(`<img src="/${world.gameId}/start/map.png" alt="Starting position before Turn 1">`);
    const map = await fetch(`${world.server.url}/${world.gameId}/start/map.png`);
    expect(map.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await map.arrayBuffer()).equals(await readFile(mapFile))).toBe(true);
  });

  it("is on the nation's page beside where it stands", async () => {
    const html = await page(`${world.server.url}/-/nation/${await world.links.nationToken(world.gameId, 'red')}`);
    // The nation's own map of the starting position, and a link to the public one.
    expect(html).toMatch(/Where you stand[^]*<img src="\/-\/nation\/[^"]+\/map\.svg\?v[^"]+"[^]*<a href="\/[^"]+\/start\/map\.png">/);
  });

  it('gives way to the turn once one is played', async () => {
    await world.playStep({ red: 'nor', blue: 'sou' });
    const html = await waitFor('the page of turn 1', async () => {
      const text = await page(`${world.server.url}/${world.gameId}/`);
      return text.includes('Turn 1 (latest)') && text;
    });
    expect(html).not.toContain('Starting position');
  });
});
