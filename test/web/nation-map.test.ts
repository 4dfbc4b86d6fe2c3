// The map on a nation's private page (src/web/nation-map.ts), on each ruleset's starter game stored
// in the real Redis and read with the project's own order reader: served as SVG under the nation's
// link only (a revoked link refused, never cached), drawn from this nation's orders in force and
// never another's, and in a real browser, shown on the page in place of the public map and drawn
// again with the arrow once orders are sent from the page. Screenshots go to
// test-output/web/nation-map-<ruleset>.png.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/engine/index.ts';
import { rulesets } from '../../src/rulesets/index.ts';
import { storedConfig } from '../../src/store/stored-game.ts';
import { runStep } from '../../src/turns/run-step.ts';
import { openBrowser, type TestBrowser } from './chromium.ts';
import { starterWorld, type StarterWorld } from './support.ts';

/** Each starter: the nation that orders, what it writes, what its map then draws, and another nation. */
const CASES = [
  {
    ruleset: 'warfare',
    nation: 'austria',
    other: 'italy',
    text: 'A Bud - Rum',
    drawn: 'data-arrow="move" data-from="bud" data-to="rum" data-nation="austria"',
  },
  {
    ruleset: 'board-nes',
    nation: 'red',
    other: 'blue',
    text: 'move army from London to Wales',
    drawn: 'data-arrow="move" data-from="lon" data-to="wal" data-nation="red"',
  },
  {
    ruleset: 'cnes',
    nation: 'red',
    other: 'blue',
    text: 'move 2 infantry from rha to rwd',
    drawn: 'data-arrow="move" data-from="rha" data-to="rwd" data-nation="red"',
  },
  { ruleset: 'industrial', nation: 'fra', other: 'ger', text: 'deploy 2 infantry in Paris', drawn: 'data-mark="built" data-province="par"' },
] as const;

/** Each starter: an order picked on the map (a unit's province, then where it goes), the choice taken, and what it draws. */
const PICKS = [
  { ruleset: 'warfare', nation: 'austria', from: 'bud', to: 'rum', line: /Bud.*Rum/i, drawn: 'data-from="bud" data-to="rum" data-nation="austria"' },
  { ruleset: 'board-nes', nation: 'red', from: 'lon', to: 'wal', line: /lon.*wal/i, drawn: 'data-from="lon" data-to="wal" data-nation="red"' },
  { ruleset: 'cnes', nation: 'red', from: 'rha', to: 'rwd', line: /rha.*rwd/i, drawn: 'data-from="rha" data-to="rwd" data-nation="red"' },
  { ruleset: 'industrial', nation: 'fra', from: 'par', to: null, line: /par/i, drawn: 'data-province="par"' },
] as const;

const formatOrder = (ruleset: string, order: Order) => rulesets.get(ruleset).formatOrder(order);

/** What an order drew, in whosever name: an arrow's ends, or a mark. */
const trace = (drawn: string) => drawn.replace(/^data-arrow="\w+" /, '').replace(/ data-nation="[^"]+"$/, '');

describe("the map on a nation's page", () => {
  let world: StarterWorld;

  beforeAll(async () => {
    world = await starterWorld(CASES.map((c) => c.ruleset));
  }, 60_000);

  afterAll(() => world?.close());

  const pageOf = async (ruleset: string, nation: string) => `${world.server.url}/-/nation/${await world.links.nationToken(world.games.get(ruleset)!, nation)}`;
  const setOrders = (ruleset: string, nation: string, orders: Order[]) => world.rt.store.setOrders(world.games.get(ruleset)!, nation, { orders, mails: [] });
  /** The map's address as the nation's page gives it. */
  const mapAddress = async (page: string) => {
    const html = await (await fetch(page)).text();
    // Handlebars writes "=" as "&#x3D;" in an attribute.
    const src = /<img src="([^"]*\/map\.svg\?v[^"]+)"/.exec(html)?.[1]?.replaceAll('&#x3D;', '=');
    expect(src, 'the map on the page').toMatch(/\/map\.svg\?v=[\w-]+$/);
    return `${world.server.url}${src}`;
  };

  it("is served under the nation's link as SVG, never cached, and refused on a revoked link or to anything but GET", async () => {
    const page = await pageOf('board-nes', 'red');
    const response = await fetch(`${page}/map.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('data-province="lon"');
    expect(svg).toMatch(/data-unit="army" data-nation="red" data-own="true"/);
    expect((await fetch(`${page}/map.svg`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${page.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}/map.svg`)).status).toBe(403);
    await world.links.revokeNation(world.games.get('board-nes')!, 'red');
    expect((await fetch(`${page}/map.svg`)).status).toBe(403);
  });

  it("draws this nation's orders in force and never another's; its address changes with its own orders only", async () => {
    const [austria, italy] = [await pageOf('warfare', 'austria'), await pageOf('warfare', 'italy')];
    const before = await mapAddress(austria);
    await setOrders('warfare', 'italy', [{ kind: 'move', unitType: 'fleet', province: 'nap', target: 'ion' }]);
    // Italy's orders changed: nothing on Austria's map did, nor its address.
    expect(await mapAddress(austria)).toBe(before);
    await setOrders('warfare', 'austria', [{ kind: 'move', unitType: 'army', province: 'vie', target: 'gal' }]);
    const after = await mapAddress(austria);
    expect(after).not.toBe(before);
    const mine = await (await fetch(after)).text();
    expect(mine.includes('data-arrow="move" data-from="vie" data-to="gal" data-nation="austria"')).toBe(true);
    expect(mine.includes('data-from="nap"')).toBe(false);
    expect(mine.includes('data-nation="italy" data-own')).toBe(false);
    const theirs = await (await fetch(await mapAddress(italy))).text();
    expect(theirs.includes('data-arrow="move" data-from="nap" data-to="ion" data-nation="italy"')).toBe(true);
    expect(theirs.includes('data-from="vie"')).toBe(false);
    expect(/data-arrow="[^"]+" [^>]*data-nation="austria"/.test(theirs)).toBe(false);
  });

  describe('in a browser', () => {
    let browser: TestBrowser;
    let page: Page;
    beforeAll(async () => {
      browser = await openBrowser();
      page = browser.page;
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    /** The map as the page's script put it in: the SVG, whose provinces and units can be clicked. */
    const inlineMap = async () => {
      const map = page.locator('section.standing figure.map svg');
      await expect.poll(() => map.count()).toBe(1);
      return map;
    };
    const shows = (map: Locator, drawn: string) => map.evaluate((svg, d) => svg.outerHTML.includes(d), drawn);

    it.each(CASES)(
      '$ruleset: shown in place of the public map, drawn again with the orders sent from the page',
      async ({ ruleset, nation, other, text, drawn }) => {
        const address = await pageOf(ruleset, nation);
        const first = await mapAddress(address);
        await page.goto(address);
        expect(await shows(await inlineMap(), trace(drawn)), trace(drawn)).toBe(false);
        await page.fill('textarea[name="orders"]', text);
        await page.click('button:has-text("Send orders")');
        await expect.poll(() => page.locator('.sent').textContent()).toContain('Your orders were read.');
        expect(await mapAddress(address)).not.toBe(first);
        const map = await inlineMap();
        // (Not toContain: a failure would print the whole picture.)
        await expect.poll(() => shows(map, drawn), { message: drawn }).toBe(true);
        await map.scrollIntoViewIfNeeded();
        await page
          .locator('section.standing figure.map')
          .screenshot({ path: path.join(path.dirname(fileURLToPath(import.meta.url)), `../../test-output/web/nation-map-${ruleset}.png`) });

        // Another nation's page shows its own map: nothing of these orders.
        await page.goto(await pageOf(ruleset, other));
        const theirs = await (await inlineMap()).evaluate((svg) => svg.outerHTML);
        expect(theirs.includes(trace(drawn)), trace(drawn)).toBe(false);
        expect(new RegExp(`data-arrow="[^"]+" [^>]*data-nation="${nation}"`).test(theirs)).toBe(false);
      },
    );

    it('picks by keyboard: the two lists start an order and say where it goes', async () => {
      await page.goto(await pageOf('board-nes', 'red'));
      await page.focus('#pick-from');
      await page.selectOption('#pick-from', 'lon');
      await page.selectOption('#pick-to', 'wal');
      const choice = page.locator('.picker .choices button', { hasText: /lon.*wal/i });
      await expect.poll(() => choice.count()).toBeGreaterThan(0);
      await choice.first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('textarea[name="orders"]').inputValue()).toMatch(/lon.*wal/i);
    });

    it.each(PICKS)(
      '$ruleset: an order picked by clicking a unit, then a province, is added to the box, read, sent, confirmed by mail, drawn and adjudicated',
      async ({ ruleset, nation, from, to, line, drawn }) => {
        await setOrders(ruleset, nation, []);
        await page.goto(await pageOf(ruleset, nation));
        const map = await inlineMap();
        await map.locator(`[data-province="${from}"]`).first().click({ force: true });
        await expect.poll(() => page.locator('#pick-from').inputValue()).toBe(from);
        if (to) {
          await map.locator(`[data-province="${to}"]`).first().click({ force: true });
          await expect.poll(() => page.locator('#pick-to').inputValue()).toBe(to);
        }
        const choice = page.locator('.picker .choices button', { hasText: line });
        await expect.poll(() => choice.count(), { message: `a choice like ${line}` }).toBeGreaterThan(0);
        await choice.first().click();
        await expect.poll(() => page.locator('textarea[name="orders"]').inputValue()).toMatch(line);
        // Read live like a typed line, and the same reading the server sends back.
        await expect.poll(() => page.locator('.readings li.order').count()).toBe(1);
        await page.screenshot({
          path: path.join(path.dirname(fileURLToPath(import.meta.url)), `../../test-output/web/order-picked-${ruleset}.png`),
          fullPage: true,
        });
        await page.click('button:has-text("Send orders")');
        await expect.poll(() => page.locator('.sent').textContent()).toContain('Your orders were read.');
        await expect.poll(async () => shows(await inlineMap(), drawn), { message: drawn }).toBe(true);
        // The confirmation went to the player's address too, and the order stands in the turn adjudicated next.
        const gameId = world.games.get(ruleset)!;
        const player = (await storedConfig(world.rt.store, gameId)).nations[nation].player!.email;
        const replies = (await world.rt.outbox.newest(gameId, 0, 50)).filter((m) => m.key.startsWith('reply:') && m.to.includes(player));
        expect(
          replies.some((m) => line.test(m.text)),
          'a confirmation naming the order',
        ).toBe(true);
        const record = await runStep(world.rt.store, gameId, { seed: 'picked', now: () => new Date() });
        expect(
          record.orders[nation]?.some((o) => line.test(formatOrder(ruleset, o))),
          'the picked order adjudicated',
        ).toBe(true);
      },
    );
  });
});
