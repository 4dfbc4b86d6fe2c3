// Press on the web, in a real browser: written on a nation's page, it goes through the web channel
// and the PRESS command as an email's would; each nation's page shows the press it sent and the
// press sent to it (anonymous press without its sender), never press between others; the public
// page shows only press sent to every nation; player text is shown as text, never as markup; and
// a message read again adds no press. Screenshots go to test-output/web/.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { web as webChannel } from '../../src/channels/web/index.ts';
import { MessageLedger } from '../../src/messages/message-ledger.ts';
import { storedPress } from '../../src/store/stored-press.ts';
import { FINGERPRINT_TTL_MS } from '../../src/web/public-pages.ts';
import { openBrowser, type TestBrowser } from './chromium.ts';
import { webWorld, type WebWorld } from './support.ts';

const player = (n: number, email: string) => ({ name: `Player ${n}`, email });
const NATIONS = {
  red: { name: 'Redmark', colour: '#c0392b', player: player(1, 'player1@adjutant.test'), secret: 'ruby-falcon' },
  blue: { name: 'Bluevale', colour: '#2e86c1', player: player(2, 'player2@adjutant.test'), secret: 'azure-otter' },
  green: { name: 'Greenwood', colour: '#1e8449', player: player(3, 'player3@adjutant.test'), secret: 'jade-heron' },
};

const PRIVATE = 'Red to blue only: <script>window.pwned = 1</script><b>bold</b> & "Midvale"';
const PUBLIC = 'To all: <img src=x class="injected"> Northvale is ours.';
const ANONYMOUS = 'Someone is watching the bay.';

describe('press on the web', () => {
  let world: WebWorld;
  let browser: TestBrowser;
  let page: Page;
  const linkOf = async (nation: string) => `${world.server.url}/-/nation/${await world.links.nationToken(world.gameId, nation)}`;
  const pressTexts = () => page.locator('#press li.press-item pre').allTextContents();

  beforeAll(async () => {
    world = await webWorld({ nations: NATIONS, mail: { press: 'grey' } });
    browser = await openBrowser();
    page = browser.page;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  async function sendPress(to: string[], text: string, anonymous = false): Promise<void> {
    for (const n of to) await page.check(`form.press-form input[name="to"][value="${n}"]`);
    if (anonymous) await page.check('form.press-form input[name="anon"]');
    await page.fill('form.press-form textarea[name="text"]', text);
    await page.click('button:has-text("Send press")');
    await expect.poll(() => page.locator('#press .sent').textContent()).toContain('Your commands were carried out.');
  }

  it("sends press from a nation's page through the PRESS command, privately, publicly and anonymously", async () => {
    await page.goto(await linkOf('red'));
    expect(await page.locator('form.press-form input[name="to"]').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('value')))).toEqual([
      'all',
      'blue',
      'green',
    ]);
    await sendPress(['blue'], PRIVATE);
    expect(await page.locator('#press pre.confirmation').textContent()).toContain('Sent to Bluevale; the GM gets a copy.');
    await page.goto(await linkOf('red'));
    await sendPress(['all'], PUBLIC);
    await page.goto(await linkOf('red'));
    await sendPress(['blue'], ANONYMOUS, true);
    expect(await page.locator('#press pre.confirmation').textContent()).toContain('Sent anonymously to Bluevale');

    // The sender's own page lists all three, its anonymous press as its own.
    expect(await pressTexts()).toEqual([ANONYMOUS, PUBLIC, PRIVATE]);
    const heads = await page.locator('#press li.press-item p').allTextContents();
    expect(heads[0]).toMatch(/^You \(sent anonymously\), to Bluevale · /);
    expect(heads[1]).toMatch(/^You, to every nation · /);
    await browser.shot('nation-press-sent');

    // Kept once each, with the message's commit; the same message read again adds nothing.
    const stored = await storedPress(world.rt.redis, world.gameId);
    expect(stored.map((p) => p.text)).toEqual([ANONYMOUS, PUBLIC, PRIVATE]);
    const messageId = stored[0].id.replace(/:\d+$/, '');
    const ledger = new MessageLedger(world.rt.redis);
    const result = (await ledger.result(world.gameId, messageId))!;
    expect(result.outcome).toBe('commands');
    await webChannel.process(world.deps, { gameId: world.gameId, messageId });
    const step = await world.rt.store.step(world.gameId);
    await ledger.withLock(world.gameId, (lease) => ledger.commit(world.gameId, step, result, { press: [stored[0]] }, lease));
    expect(await storedPress(world.rt.redis, world.gameId)).toHaveLength(3);
  });

  it('shows a recipient the press sent to it, anonymous press without its sender, and player text as text', async () => {
    await page.goto(await linkOf('blue'));
    expect(await pressTexts()).toEqual([ANONYMOUS, PUBLIC, PRIVATE]);
    const items = page.locator('#press li.press-item');
    expect(await items.nth(0).locator('p').textContent()).toMatch(/^Anonymous, to Bluevale · /);
    expect(await items.nth(1).locator('p').textContent()).toMatch(/^Redmark, to every nation · /);
    expect(await items.nth(2).locator('p').textContent()).toMatch(/^Redmark, to Bluevale · /);
    expect(await items.nth(0).innerHTML()).not.toContain('Redmark');
    // Escaped: the script never ran, and no element came from the text.
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('#press script, #press b, #press img').count()).toBe(0);
    expect(await page.content()).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; "Midvale"');
    await browser.shot('nation-press-received');
  });

  it('never shows a nation press between others, and the public page only the public press', async () => {
    await page.goto(await linkOf('green'));
    expect(await pressTexts()).toEqual([PUBLIC]);
    const green = await page.content();
    expect(green).not.toContain('Red to blue only');
    expect(green).not.toContain(ANONYMOUS);

    await page.goto(`${world.server.url}/${world.gameId}/`);
    expect(await page.locator('#press h2').textContent()).toBe('Public press');
    expect(await pressTexts()).toEqual([PUBLIC]);
    expect(await page.locator('#press li.press-item p').textContent()).toMatch(/^Redmark, to every nation · /);
    expect(await page.locator('#press img').count()).toBe(0);
    const open = await page.content();
    expect(open).not.toContain('Red to blue only');
    expect(open).not.toContain(ANONYMOUS);
    await browser.shot('public-press');

    // The page is kept in memory, but new public press shows on it as soon as its moment there is over.
    await page.goto(await linkOf('green'));
    await sendPress(['all'], 'Greenwood answers everyone.');
    await new Promise((r) => setTimeout(r, FINGERPRINT_TTL_MS + 20));
    await page.goto(`${world.server.url}/${world.gameId}/`);
    expect(await pressTexts()).toEqual(['Greenwood answers everyone.', PUBLIC]);
  });

  it('refuses press without recipients or from another page, keeping what was written', async () => {
    const before = (await storedPress(world.rt.redis, world.gameId)).length;
    await page.goto(await linkOf('blue'));
    await page.fill('form.press-form textarea[name="text"]', 'Nobody to send this to');
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.click('button:has-text("Send press")')]);
    expect(answer.status()).toBe(400);
    expect(await page.locator('#press p.problem').textContent()).toContain('Choose whom the press goes to');
    expect(await page.locator('form.press-form textarea[name="text"]').inputValue()).toBe('Nobody to send this to');

    const blueCsrf = await page.locator('form.press-form input[name="csrf"]').getAttribute('value');
    const forged = await page.request.post(`${await linkOf('red')}/press`, { form: { csrf: blueCsrf!, to: 'green', text: 'forged' } });
    expect(forged.status()).toBe(403);
    expect(await storedPress(world.rt.redis, world.gameId)).toHaveLength(before);
  });
});
