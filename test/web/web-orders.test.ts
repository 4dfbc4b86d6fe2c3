// Orders written on a nation's private page, in a real browser: read through the same message loop
// as an email (the confirmation on the page and in the player's mail, the orders in force, the turn
// adjudicated on them), commands too; refused when empty, from another nation's page, or by a
// revoked link. Screenshots go to test-output/web/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxSender } from '../../src/channels/email/outbox-sender.ts';
import { WebInbox } from '../../src/channels/web/web-inbox.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { webKeys } from '../../src/store/keys.ts';
import { waitForMail } from '../mail/support/mailbox.ts';
import { startTestSender } from '../mail/support/test-sender.ts';
import { requireServices } from '../support/services.ts';
import { openBrowser, type TestBrowser } from './chromium.ts';
import { webWorld, type WebWorld } from './support.ts';

describe('orders on the web', () => {
  let world: WebWorld;
  let browser: TestBrowser;
  let sender: OutboxSender;
  let page: Page;
  const linkOf = async (nation: string) => `${world.server.url}/-/nation/${await world.links.nationToken(world.gameId, nation)}`;
  const stored = async () => world.rt.redis.hlen(webKeys(world.gameId).orders);

  beforeAll(async () => {
    await requireServices(['redis', 'imap', 'smtp']);
    world = await webWorld();
    await world.playStep({ red: 'nor', blue: 'sou' });
    sender = startTestSender({ outbox: world.rt.outbox, store: world.rt.store, games: (id) => id === world.gameId, logger: world.deps.logger });
    browser = await openBrowser();
    page = browser.page;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sender?.stop();
    await world?.close();
  });

  it('reads typed orders like an email: confirmed on the page and by mail, in force, and adjudicated', async () => {
    await page.goto(await linkOf('red'));
    expect(await page.locator('section.standing').textContent()).toMatch(/Provinces \(1\):\s*Northvale\s*Units:\s*none/);
    // The position the nation orders from: the nation's own map, with a link to the newest turn's, as the public page shows it.
    // (The page's script puts the map in as the SVG its address serves, so its provinces can be clicked.)
    const html = await (await page.request.get(await linkOf('red'))).text();
    expect(html).toMatch(/<figure class="map" data-inline="svg">\s*<div class="zoom" data-zoom="1"><img src="\/-\/nation\/[^/]+\/map\.svg\?v&#x3D;[\w-]+"/);
    expect(await page.locator('section.standing p.muted a').getAttribute('href')).toMatch(new RegExp(`^/${world.gameId}/turn-1/map[^/]*\\.png$`));
    await expect.poll(() => page.locator('section.standing figure.map svg [data-province="nor"]').count()).toBeGreaterThan(0);
    await browser.shot('nation-orders-empty');
    await page.fill('textarea[name="orders"]', 'claim mid\nclaim atlantis');
    await page.click('button:has-text("Send orders")');
    await expect.poll(() => page.locator('.sent').textContent()).toContain('Your orders were read.');
    const confirmation = await page.locator('pre.confirmation').textContent();
    expect(confirmation).toMatch(/claim mid/i);
    expect(confirmation).toContain('There is no province "atlantis"');
    expect(await page.locator('section.orders li').allTextContents()).toEqual([expect.stringMatching(/mid/i)]);
    await browser.shot('nation-orders-sent');

    const { red } = await world.rt.store.ordersInForce(world.gameId);
    expect(red.orders).toEqual([expect.objectContaining({ kind: 'claim', province: 'mid' })]);
    const id = red.sources?.[0].messageId ?? '';
    expect(id).toMatch(/^web:/);
    expect((await new WebInbox(world.rt.redis).item(world.gameId, id))?.text).toBe('claim mid\nclaim atlantis');
    expect((await new MessageLedger(world.rt.redis).result(world.gameId, id))?.nation).toBe('red');
    const mail = await waitForMail('player1@adjutant.test', { subject: world.gameId, body: 'atlantis' });
    expect(mail[0].text).toMatch(/claim mid/i);
    expect(mail[0].text).toContain("Read from what you wrote on your nation's page:");
    expect(mail[0].text).not.toMatch(/forum/i);

    const step = await world.rt.store.step(world.gameId);
    await world.playStep({});
    const record = await world.rt.store.record(world.gameId, step + 1);
    expect(record?.orders.red).toEqual([expect.objectContaining({ kind: 'claim', province: 'mid' })]);
  });

  it("reads each line live as it is typed, from the server's reader, before anything is sent", async () => {
    await page.goto(await linkOf('blue'));
    const before = await stored();
    await page.locator('textarea[name="orders"]').pressSequentially('claim vale\nclaim atlantis\nhello GM\nclaim nor', { delay: 5 });
    await expect.poll(() => page.locator('ol.readings').getAttribute('data-read')).toBe(String('claim vale\nclaim atlantis\nhello GM\nclaim nor'.length));
    const kinds = await page.locator('ol.readings li').evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-line')} ${li.className}`));
    expect(kinds).toEqual(['1 reading gm', '2 reading refused', '3 reading aside', '4 reading order']);
    expect(await page.locator('ol.readings li[data-line="1"]').textContent()).toMatch(/Needs the GM, who chooses between: You claim \w+; You claim /);
    expect(await page.locator('ol.readings li[data-line="2"]').textContent()).toContain('There is no province "atlantis". Did you mean:');
    expect(await page.locator('ol.readings li[data-line="4"]').textContent()).toMatch(/Northvale|nor/i);
    expect(await stored()).toBe(before);
    await browser.shot('nation-orders-live');
  });

  it('takes commands as well, and keeps the box and says why when there is nothing to send', async () => {
    await page.goto(await linkOf('blue'));
    await page.fill('textarea[name="orders"]', 'STATUS');
    await page.click('button:has-text("Send orders")');
    await expect.poll(() => page.locator('.sent').textContent()).toContain('Your commands were carried out.');
    expect(await page.locator('pre.confirmation').textContent()).toMatch(/deadline/i);

    const before = await stored();
    await page.fill('textarea[name="orders"]', '   ');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && !r.url().endsWith('/read')),
      page.click('button:has-text("Send orders")'),
    ]);
    expect(answer.status()).toBe(400);
    expect(await page.locator('p.problem').textContent()).toContain('Write your orders in the box first');
    expect(await stored()).toBe(before);
    await browser.shot('nation-orders-empty-refused');
  });

  it('works as a plain form without JavaScript: read when sent, and the page shows the outcome', async () => {
    // One link for the page and its form: a link minted in another second is another token, with another CSRF token.
    const link = await linkOf('blue');
    await page.goto(link);
    const csrf = await page.locator('form.orders-form input[name="csrf"]').getAttribute('value');
    const answer = await page.request.post(link, { form: { csrf: csrf!, orders: 'claim nor' }, maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    const shown = await page.request.get(new URL(answer.headers().location, world.server.url).toString());
    expect(await shown.text()).toContain('Your orders were read.');
    const { blue } = await world.rt.store.ordersInForce(world.gameId);
    expect(blue.orders).toEqual([expect.objectContaining({ kind: 'claim', province: 'nor' })]);
  });

  it('never shows or takes orders for another nation, and a revoked link cannot order', async () => {
    await page.goto(await linkOf('red'));
    await page.fill('textarea[name="orders"]', 'claim sou\nclaim zebrafield');
    await page.click('button:has-text("Send orders")');
    await expect.poll(() => page.locator('.sent').textContent()).toContain('Your orders were read.');
    expect(await page.locator('pre.confirmation').textContent()).toContain('zebrafield');
    const redSent = new URL(page.url()).searchParams.get('sent')!;

    // Blue's page asked for red's outcome shows none of it.
    await page.goto(`${await linkOf('blue')}?sent=${encodeURIComponent(redSent)}`);
    expect(await page.locator('.sent').count()).toBe(0);
    expect(await page.content()).not.toContain('zebrafield');

    // Red's form sent with blue's CSRF token (a page of blue's posting to red's link) is refused.
    const blueCsrf = await page.locator('form.orders-form input[name="csrf"]').getAttribute('value');
    const before = await stored();
    const forged = await page.request.post(await linkOf('red'), { form: { csrf: blueCsrf!, orders: 'claim nor' } });
    expect(forged.status()).toBe(403);
    expect(await stored()).toBe(before);

    await page.goto(await linkOf('red'));
    await world.links.revokeNation(world.gameId, 'red');
    await page.fill('textarea[name="orders"]', 'claim nor');
    await page.click('button:has-text("Send orders")');
    await expect.poll(() => page.locator('h1').textContent()).toBe('This link does not work');
    expect(await stored()).toBe(before);
    const { red } = await world.rt.store.ordersInForce(world.gameId);
    expect(red.orders).toEqual([expect.objectContaining({ province: 'sou' })]);
    await browser.shot('nation-orders-revoked');
  });
});
