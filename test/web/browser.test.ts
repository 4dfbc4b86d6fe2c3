// The pages in a real browser: Debian's chromium (scripts/browser.sh) driven by playwright-core.
// A game in progress: its public page with a live countdown in the reader's time zone, stepping
// back through its history, a nation's private page by a valid then a revoked link, and the GM
// console answering a ticket and extending the deadline, seen in Redis and in the mail that
// arrives. Screenshots of each page go to test-output/web/ (git-ignored).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxSender } from '../../src/channels/email/outbox-sender.ts';
import { startTestSender } from '../mail/support/test-sender.ts';
import { readTickets } from '../../src/messages/tickets.ts';
import { storedGame } from '../../src/store/stored-game.ts';
import { waitForMail } from '../mail/support/mailbox.ts';
import { requireServices } from '../support/services.ts';
import { openBrowser, type TestBrowser } from './chromium.ts';
import { receiveMail, webWorld, type WebWorld } from './support.ts';

describe('the web pages in chromium', () => {
  let world: WebWorld;
  let browser: TestBrowser;
  let sender: OutboxSender;
  let page: Page;

  const shot = (name: string) => browser.shot(name);

  beforeAll(async () => {
    await requireServices(['redis', 'imap', 'smtp']);
    world = await webWorld();
    await world.playStep({ red: 'nor', blue: 'sou' });
    await world.playStep({ red: 'mid' });
    sender = startTestSender({ outbox: world.rt.outbox, store: world.rt.store, games: (id) => id === world.gameId, logger: world.deps.logger });
    browser = await openBrowser();
    page = browser.page;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sender?.stop();
    await world?.close();
  });

  it("shows the public page with the deadline in the reader's zone, counting down, and the map", async () => {
    await page.goto(`${world.server.url}/`);
    await shot('index');
    await page.click(`a[href="/${world.gameId}/"]`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Claims of the Three Valleys');
    await expect.poll(() => page.locator('.status time.deadline').textContent()).toMatch(/GMT\+9/);
    const countdown = page.locator('.countdown');
    const first = await countdown.textContent();
    const m = /^\((?:(\d+)d )?(\d\d)h (\d\d)m (\d\d)s left\)$/.exec(first ?? '');
    expect(m, first ?? '').not.toBeNull();
    const shownMs = (((Number(m![1] ?? 0) * 24 + Number(m![2])) * 60 + Number(m![3])) * 60 + Number(m![4])) * 1000;
    const deadline = (await world.deps.control.status(world.gameId)).deadline!.getTime();
    expect(Math.abs(deadline - Date.now() - shownMs)).toBeLessThan(5000);
    await page.waitForTimeout(1100);
    expect(await countdown.textContent()).not.toBe(first);
    expect(await page.locator('.status').textContent()).toMatch(/Ordered:\s*nobody yet/);
    const map = page.locator('figure.map img').first();
    expect(await map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('.shown').textContent()).toBe('Turn 2 (latest)');
    await shot('public-page');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('public-page-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('steps back through the turns and zooms the map', async () => {
    await page.goto(`${world.server.url}/${world.gameId}/`);
    await page.click('a.prev');
    await expect.poll(() => page.url()).toMatch(/\/turn-1\/$/);
    expect(await page.locator('.shown').textContent()).toBe('Turn 1');
    expect(await page.locator('a.prev').count()).toBe(0);
    await page.click('figure.map .zoom-in');
    expect(await page.locator('figure.map .zoom').getAttribute('data-zoom')).toBe('1.5');
    await shot('history-turn-1');
    await page.click('a.next');
    await expect.poll(() => page.url()).toMatch(/\/turn-2\/$/);
  });

  it("opens a nation's private page by its link, and not once the link is revoked", async () => {
    const link = `${world.server.url}/-/nation/${await world.links.nationToken(world.gameId, 'red')}`;
    await page.goto(link);
    expect(await page.locator('h1').textContent()).toBe('Redmark');
    expect(await page.locator('details.report').count()).toBe(2);
    await shot('nation-page');
    await world.links.revokeNation(world.gameId, 'red');
    const refused = await page.goto(link);
    expect(refused?.status()).toBe(403);
    expect(await page.locator('h1').textContent()).toBe('This link does not work');
    expect(await page.content()).not.toContain('Redmark');
    await shot('nation-page-revoked');
  });

  it("answers a ticket and extends the deadline from the GM console, as the GM's email would", async () => {
    const subject = `orders for ${world.gameId}`;
    const result = await receiveMail(world.deps, world.gameId, { from: 'player1@adjutant.test', subject, text: 'ruby-falcon\nclaim vale' });
    const token = result.ticketMails[0].token;
    await page.goto(`${world.server.url}/-/gm/login/${await world.links.gmToken('gm@adjutant.test')}`);
    expect(await page.locator('h1').textContent()).toBe('GM console');
    await shot('gm-games');
    await page.click(`a[href="/-/gm/${world.gameId}"]`);
    await shot('gm-game');
    const ticket = page.locator('form.ticket', { hasText: token });
    await ticket.locator('input[name="reading"][value="2"]').check();
    await ticket.locator('button', { hasText: 'Answer' }).click();
    await expect.poll(() => page.locator('section.done').textContent()).toContain(`${token} (Redmark, line 2)`);
    const [stored] = await readTickets(world.rt.redis, world.gameId, [token]);
    expect(stored.status).toBe('resolved');
    const { red } = await world.rt.store.ordersInForce(world.gameId);
    expect(red.sources?.some((s) => s.ticket === token)).toBe(true);
    const outcome = await waitForMail('player1@adjutant.test', { subject, body: 'The GM read it as' });
    expect(outcome[0].text).toContain('It is now in force.');
    await shot('gm-ticket-answered');

    const before = (await world.deps.control.status(world.gameId)).deadline!.getTime();
    await page.fill('input[name="argument"][value="24h"]', '2d');
    await page.click('button:has-text("Extend")');
    await expect.poll(() => page.locator('section.done').textContent()).toContain('Done: the deadline is now');
    expect((await world.deps.control.status(world.gameId)).deadline!.getTime()).toBe(before + 2 * 86_400_000);
    const reply = await waitForMail('gm@adjutant.test', { subject: world.gameId, body: 'Done: the deadline is now' });
    expect(reply[0].text).toContain('EXTEND 2d');
    expect(reply[0].text).not.toContain('gm-granite-owl');
    await shot('gm-extended');
    const outbox = await page.locator('section.outbox').textContent();
    expect(outbox).toMatch(/Answer to a message\s*\[[^\]]+\] Re: /);
    expect(outbox).toMatch(/sent/);
    // In words: no message's internal key is shown unless it was refused.
    expect(outbox).not.toMatch(/reply:|report:|welcome:/);
  });

  it("shows every nation's orders as read, enters orders for a nation, and asks before adjudicating or replacing a player", async () => {
    const consoleUrl = `${world.server.url}/-/gm/${world.gameId}`;
    await page.goto(consoleUrl);
    await page.selectOption('form.enter-orders select[name="nation"]', 'blue');
    await page.fill('#gm-orders', 'claim nor');
    await page.click('button:has-text("Enter orders")');
    await expect.poll(() => page.locator('section.done').textContent()).toContain('ORDER blue');
    expect((await world.rt.store.ordersInForce(world.gameId)).blue.orders).toContainEqual({ kind: 'claim', province: 'nor' });
    const orders = page.locator('section.orders');
    expect(await orders.locator('h3', { hasText: 'Bluevale' }).textContent()).toContain('(1)');
    expect(await orders.textContent()).toMatch(/Northvale\.\s*from\s*claim nor/);
    await waitForMail('player2@adjutant.test', { subject: 'Orders entered by your GM', body: 'Northvale' });
    await shot('gm-orders-entered');

    const step = await world.rt.store.step(world.gameId);
    const turn = (await world.rt.store.state(world.gameId)).turn;
    await page.click(`button:has-text("Adjudicate turn ${turn} now")`);
    await expect.poll(() => page.locator('section.confirm h2').textContent()).toContain(`Adjudicate turn ${turn} now, before its deadline?`);
    await shot('gm-confirm-process');
    await page.click('section.confirm a');
    expect(page.url()).toBe(consoleUrl);
    expect(await world.rt.store.step(world.gameId)).toBe(step);

    await page.selectOption('form.replace select[name="nation"]', 'blue');
    await page.fill('form.replace input[name="address"]', 'new.blue@adjutant.test');
    await page.click('button:has-text("Replace the player")');
    await expect
      .poll(() => page.locator('section.confirm h2').textContent())
      .toBe("Give Bluevale to new.blue@adjutant.test? The new player gets the nation's welcome email.");
    expect((await storedGame(world.rt.store, world.gameId)).config.nations.blue.player?.email).toBe('player2@adjutant.test');
    await page.click('section.confirm button:has-text("Yes, replace the player")');
    await expect.poll(() => page.locator('section.done').textContent()).toContain('Bluevale is now played from new.blue@adjutant.test');
    expect((await storedGame(world.rt.store, world.gameId)).config.nations.blue.player?.email).toBe('new.blue@adjutant.test');
  });

  it('shows a game the GM ended as over, on the public page and in the console, with only the way back offered', async () => {
    await world.deps.control.endGame(world.gameId, ['red']);
    await page.goto(`${world.server.url}/${world.gameId}/`);
    await expect.poll(() => page.locator('.status').textContent()).toContain('The GM ended the game: Redmark wins.');
    expect(await page.locator('.status time.deadline').count()).toBe(0);
    await shot('public-page-over');
    await page.goto(`${world.server.url}/-/gm/${world.gameId}`);
    expect(await page.locator('button:has-text("Adjudicate turn")').count()).toBe(0);
    expect(await page.locator('button:has-text("Extend")').count()).toBe(0);
    await page.click('button:has-text("Resume: take back the end")');
    await expect.poll(async () => (await world.rt.schedules.get(world.gameId))?.status, { timeout: 15_000 }).toBe('open');
    await shot('gm-resumed-after-end');
  });
});
