// The welcome mail carries the nation's private page link when the site has a public URL: a
// signed link that opens that nation's page and no other, and stops working once revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { welcomeMail, welcomePlayers } from '../../src/messages/welcome.ts';
import { nationPageUrls } from '../../src/web/nation-links.ts';
import { WEB_SECRET, webWorld, type WebWorld } from './support.ts';

describe('the welcome mail links the nation page', () => {
  let world: WebWorld;

  beforeAll(async () => {
    world = await webWorld();
  }, 60_000);
  afterAll(() => world.close());

  const welcomeText = async (nation: string, email: string) => (await world.rt.outbox.entry(world.gameId, `welcome:${nation}:${email}`))!.text;
  const linkIn = (text: string) => /^Your nation's page \(.*\): (\S+)$/m.exec(text)?.[1];

  it("gives each player a link that opens their own nation's page, until the GM revokes it", async () => {
    const { deps, server, gameId, rt } = world;
    const nationPageUrl = nationPageUrls(rt.redis, { publicUrl: `${server.url}/`, webSecret: WEB_SECRET }, deps.now);
    await welcomePlayers({ ...deps, publicUrl: server.url, nationPageUrl }, gameId);
    const red = linkIn(await welcomeText('red', 'player1@adjutant.test'));
    const blue = linkIn(await welcomeText('blue', 'player2@adjutant.test'));
    expect(red).toMatch(new RegExp(`^${server.url}/-/nation/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$`));
    expect(blue).not.toBe(red);
    const heading = async (link: string) => {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      return /<h1>([^<]*)<\/h1>/.exec(await page.text())?.[1];
    };
    expect(await heading(red!)).toBe('Redmark');
    expect(await heading(blue!)).toBe('Bluevale');
    await world.links.revokeNation(gameId, 'red');
    expect((await fetch(red!)).status).toBe(403);
    expect((await fetch(blue!)).status).toBe(200);
  });

  it('writes no nation link without a public URL and a web secret', async () => {
    const { deps, gameId, rt } = world;
    const files = await rt.store.files(gameId);
    const mail = welcomeMail({
      gameId,
      files,
      nation: 'red',
      address: deps.address,
      deadline: null,
      publicUrl: 'https://games.example.org',
      key: 'welcome:test',
    });
    expect(mail.text).toContain("The game's page");
    expect(linkIn(mail.text)).toBeUndefined();
    expect(nationPageUrls(rt.redis, { webSecret: WEB_SECRET }, deps.now)).toBeUndefined();
    expect(nationPageUrls(rt.redis, { publicUrl: 'https://games.example.org' }, deps.now)).toBeUndefined();
  });
});
