// The web pages against a hostile world: forged, altered, expired and revoked private links;
// GM actions without their CSRF token; the login limit; player and GM text full of markup; and
// headers that keep a page's secrets in the page.
import { request } from 'node:http';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameKeys } from '../../src/store/keys.ts';
import { WebLinks } from '../../src/web/link-generations.ts';
import { commandLine } from '../../src/web/gm-actions.ts';
import { LOGIN_LIMIT, SESSION_COOKIE } from '../../src/web/gm-session.ts';
import { FINGERPRINT_TTL_MS } from '../../src/web/public-pages.ts';
import { signLink } from '../../src/web/signed-links.ts';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { WEB_SECRET, webWorld, type WebWorld } from './support.ts';

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

function call(base: string, pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: pathname, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const HOSTILE_LINE = 'claim nor <script>alert("line")</script> [url=javascript:alert(1)]x[/url] <img src=x onerror=alert(2)>';
const HOSTILE_TITLE = 'Claims <script>alert("title")</script> [b]bold[/b] <b>html</b>';

describe('web security', () => {
  let world: WebWorld;
  let url: string;

  beforeAll(async () => {
    world = await webWorld({ title: HOSTILE_TITLE });
    url = world.server.url;
    // A GM's own templates may hold raw HTML and script links: the page renders the update with the
    // site's own HTML template, so neither the forum's nor a game folder's HTML reaches it.
    await world.rt.store.putFiles(world.gameId, {
      'update-discourse.md.hbs': '## Turn {{turn}}\n\n<script>alert("gm")</script>\n\n[a link](javascript:alert(3))\n',
      'update.html.hbs': '<script>alert("gm html")</script>',
    });
    await world.playStep({ red: 'nor', blue: 'sou' });
    // The red player's line as the mail loop keeps it: where each order in force came from.
    await world.rt.store.setOrders(world.gameId, 'red', {
      orders: [{ kind: 'claim', province: 'mid' }],
      mails: ['m1'],
      sources: [{ messageId: 'm1', date: new Date().toISOString(), line: 1, text: HOSTILE_LINE }],
    });
  }, 60_000);
  afterAll(() => world.close());

  const nationPath = async (nation: string) => `/-/nation/${await world.links.nationToken(world.gameId, nation)}`;

  it('shows a nation its own page with its orders as read, player text as text', async () => {
    const page = await call(url, await nationPath('red'));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Redmark');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;line&quot;)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends each nation its page link in its report mail, text and HTML', async () => {
    const report = JSON.parse((await world.rt.redis.hget(gameKeys(world.gameId).outbox, 'report:1:red'))!) as { text: string; html: string };
    const link = new RegExp(`${url}(/-/nation/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(report.text);
    expect(link).not.toBeNull();
    expect(report.html).toContain(`href="${url}${link![1]}"`);
    const page = await call(url, link![1]);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Redmark</h1>');
  });

  it('never shows a nation the orders of another', async () => {
    const page = await call(url, await nationPath('blue'));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Bluevale');
    expect(page.body).not.toContain('alert(&quot;line&quot;)');
  });

  it("stops a link made for the nation's former player once the GM gives the nation another (REPLACE)", async () => {
    const files = await world.rt.store.files(world.gameId);
    const before = await nationPath('red');
    expect((await call(url, before)).status).toBe(200);
    // What REPLACE commits: game.yaml with the nation's new address (src/messages/gm-message.ts).
    const doc = parseDocument(files['game.yaml']);
    doc.setIn(['nations', 'red', 'player', 'email'], 'new.player@adjutant.test');
    await world.rt.store.putFiles(world.gameId, { 'game.yaml': doc.toString() });
    try {
      const page = await call(url, before);
      expect(page.status).toBe(403);
      expect(page.body).not.toContain('Redmark');
      expect((await call(url, await nationPath('red'))).status).toBe(200);
    } finally {
      await world.rt.store.putFiles(world.gameId, { 'game.yaml': files['game.yaml'] });
    }
    expect((await call(url, before)).status).toBe(200);
  });

  it('refuses a forged, altered, foreign-signed, expired or revoked link, leaking nothing', async () => {
    const good = await world.links.nationToken(world.gameId, 'blue');
    const [body, sig] = good.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${Buffer.from(JSON.stringify({ ...claims, nation: 'red' })).toString('base64url')}.${sig}`;
    const flipped = `${body}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    const foreign = signLink('another-secret-of-at-least-32-characters!!', {
      kind: 'nation',
      game: world.gameId,
      nation: 'red',
      generation: 0,
      expires: Math.floor(Date.now() / 1000) + 3600,
      player: String(claims.player),
    });
    const expired = await new WebLinks(world.rt.redis, WEB_SECRET, () => new Date(Date.now() - 61 * 24 * 3600_000)).nationToken(world.gameId, 'red');
    for (const token of [altered, flipped, foreign, expired, 'x', `${body}.`]) {
      const page = await call(url, `/-/nation/${token}`);
      expect(page.status, token).toBe(403);
      expect(page.body).not.toContain('Redmark');
      expect(page.body).not.toContain('alert(&quot;line&quot;)');
    }
    const red = await nationPath('red');
    await world.links.revokeNation(world.gameId, 'red');
    expect((await call(url, red)).status).toBe(403);
    expect((await call(url, await nationPath('red'))).status).toBe(200);
  });

  it('escapes GM and player text on the public pages, the update included', async () => {
    const page = await call(url, `/${world.gameId}/`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<b>html</b>');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(page.body).toContain('<img src="/'); // the turn's map
    expect(page.body).not.toContain('alert("gm');
    expect(page.body).toContain('<table class="nations">');
    expect(page.body).not.toMatch(/href="javascript/i);
    const index = await call(url, '/');
    expect(index.body).toContain(`href="/${world.gameId}/"`);
    expect(index.body).not.toContain('<script>alert');
  });

  it('shows who has ordered on the public page, never what', async () => {
    const page = await call(url, `/${world.gameId}/`);
    expect(page.body).toMatch(/Ordered:<\/strong>[^]*Redmark/);
    expect(page.body).not.toContain('alert(&quot;line&quot;)');
    expect(page.body).not.toContain('Midvale</'); // red's order in force is for Midvale
  });

  it('keeps games that are not public off the index and without a page', async () => {
    await world.rt.store.putFiles(world.gameId, {
      'game.yaml': (await world.rt.store.files(world.gameId))['game.yaml'].replace('public: true', 'public: false'),
    });
    // Pages are served from memory for a moment at most (public-pages.ts): after it, the game is gone.
    await new Promise((r) => setTimeout(r, FINGERPRINT_TTL_MS + 20));
    try {
      expect((await call(url, `/${world.gameId}/`)).status).toBe(404);
      expect((await call(url, `/${world.gameId}/turn-1/`)).status).toBe(404);
    } finally {
      await world.rt.store.putFiles(world.gameId, {
        'game.yaml': (await world.rt.store.files(world.gameId))['game.yaml'].replace('public: false', 'public: true'),
      });
    }
  });

  it("refuses every GM action without the session's CSRF token, and does it with it", async () => {
    const login = await call(url, `/-/gm/login/${await world.links.gmToken('gm@adjutant.test')}`);
    expect(login.status).toBe(303);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect(String(login.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const console = await call(url, `/-/gm/${world.gameId}`, { headers: { cookie } });
    expect(console.status).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(console.body)![1];
    const before = (await world.deps.control.status(world.gameId)).deadline!.getTime();
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
    for (const body of ['action=extend&argument=1d', 'action=extend&argument=1d&csrf=', `action=extend&argument=1d&csrf=${csrf.slice(0, -2)}xx`]) {
      const refused = await call(url, `/-/gm/${world.gameId}/command`, { method: 'POST', headers: form, body });
      expect(refused.status).toBe(403);
    }
    const noSession = await call(url, `/-/gm/${world.gameId}/command`, {
      method: 'POST',
      headers: { 'content-type': form['content-type'] },
      body: `action=extend&argument=1d&csrf=${csrf}`,
    });
    expect(noSession.status).toBe(403);
    expect((await world.deps.control.status(world.gameId)).deadline!.getTime()).toBe(before);
    const done = await call(url, `/-/gm/${world.gameId}/command`, {
      method: 'POST',
      headers: form,
      body: `action=extend&argument=1d&csrf=${encodeURIComponent(csrf)}`,
    });
    expect(done.status).toBe(303);
    expect((await world.deps.control.status(world.gameId)).deadline!.getTime()).toBe(before + 86_400_000);
    // NOW after the duration goes into the GM's email as the word it is, nothing more.
    expect(commandLine('extend', '30 m  now')).toBe('EXTEND 30m NOW');
    const withNow = await call(url, `/-/gm/${world.gameId}/command`, {
      method: 'POST',
      headers: form,
      body: `action=extend&argument=${encodeURIComponent('12h now')}&csrf=${encodeURIComponent(csrf)}`,
    });
    expect(withNow.status).toBe(303);
    expect((await world.deps.control.status(world.gameId)).deadline!.getTime()).toBe(before + 86_400_000 + 12 * 3_600_000);
    // A line break cannot smuggle a second command into the GM's email.
    const smuggled = await call(url, `/-/gm/${world.gameId}/command`, {
      method: 'POST',
      headers: form,
      body: `action=extend&argument=${encodeURIComponent('1d\nPAUSE')}&csrf=${encodeURIComponent(csrf)}`,
    });
    expect(smuggled.status).toBe(400);
    expect((await world.deps.control.status(world.gameId)).paused).toBe(false);
    // Nor can the orders or replace forms: another nation's ORDER line, an unknown nation, an address with a line break.
    const ordersBefore = await world.rt.store.ordersInForce(world.gameId);
    const post = (path: string, fields: Record<string, string>) =>
      call(url, `/-/gm/${world.gameId}/${path}`, { method: 'POST', headers: form, body: new URLSearchParams({ ...fields, csrf, confirm: 'yes' }).toString() });
    expect((await post('orders', { nation: 'red', orders: 'claim nor\nORDER blue\nclaim sou' })).status).toBe(400);
    expect((await post('orders', { nation: 'toString', orders: 'claim nor' })).status).toBe(400);
    expect((await post('replace', { nation: 'blue', address: 'x@adjutant.test\nPAUSE' })).status).toBe(400);
    expect((await world.deps.control.status(world.gameId)).paused).toBe(false);
    expect(await world.rt.store.ordersInForce(world.gameId)).toEqual(ordersBefore);
  });

  it("shows the console only to the game's own GM", async () => {
    const login = await call(url, `/-/gm/login/${await world.links.gmToken('player1@adjutant.test')}`);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect((await call(url, `/-/gm/${world.gameId}`, { headers: { cookie } })).status).toBe(404);
    expect((await call(url, '/-/gm/', { headers: { cookie } })).body).not.toContain(world.gameId);
    expect((await call(url, '/-/gm/', { headers: { cookie: `${SESSION_COOKIE}=forged.token` } })).status).toBe(403);
  });

  it('limits failed GM logins per client, then refuses even a good link for a while', async () => {
    const proxied: WebServer = await startWebServer({ dir: world.outDir, port: 0, secret: WEB_SECRET, deps: world.deps, trustProxy: true });
    const client = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const headers = { 'x-forwarded-for': `203.0.113.9, ${client}` };
    try {
      for (let i = 1; i < LOGIN_LIMIT; i++) expect((await call(proxied.url, '/-/gm/login/not-a-token', { headers })).status).toBe(403);
      expect((await call(proxied.url, '/-/gm/login/not-a-token', { headers })).status).toBe(429);
      const good = await world.links.gmToken('gm@adjutant.test');
      expect((await call(proxied.url, `/-/gm/login/${good}`, { headers })).status).toBe(429);
      expect((await call(proxied.url, `/-/gm/login/${good}`, { headers: { 'x-forwarded-for': '198.51.100.251' } })).status).toBe(303);
    } finally {
      await proxied.close();
      await world.rt.redis.del(`adjutant:web:login-failures:${client}`, 'adjutant:web:login-failures:198.51.100.251');
    }
  });

  it('checks no more than the limit of GM login links from one client, however many arrive at once', async () => {
    const proxied: WebServer = await startWebServer({ dir: world.outDir, port: 0, secret: WEB_SECRET, deps: world.deps, trustProxy: true });
    const client = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const headers = { 'x-forwarded-for': client };
    // A GM link signed rightly and then revoked: checking it asks Redis for the GM's link generation,
    // and Redis's own monitor counts those questions, one per link checked.
    const email = `gm-${client}@adjutant.test`;
    const stale = await world.links.gmToken(email);
    await world.links.revokeGm(email);
    const monitor = await world.rt.redis.monitor();
    let checks = 0;
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'hget' && args[1] === 'adjutant:web:gm-links' && args[2] === email) checks++;
    });
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, () => call(proxied.url, `/-/gm/login/${stale}`, { headers })));
      const statuses = answers.map((a) => a.status);
      // Each try is counted before its link is checked: the first nine checked are refused, the
      // tenth checked says the client is now held off, and the other 190 are not checked at all.
      expect(statuses.filter((s) => s === 403)).toHaveLength(LOGIN_LIMIT - 1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(200 - (LOGIN_LIMIT - 1));
      await world.rt.redis.ping(); // the monitor has seen every command sent before this one
      await new Promise((r) => setTimeout(r, 200));
      expect(checks).toBe(LOGIN_LIMIT);
    } finally {
      monitor.disconnect();
      await proxied.close();
      await world.rt.redis.del(`adjutant:web:login-failures:${client}`);
      await world.rt.redis.hdel('adjutant:web:gm-links', email);
    }
  });

  it('answers 404 to paths that climb out, and 405 to writes outside the console', async () => {
    for (const p of [
      `/${world.gameId}/..%2f..%2fpackage.json`,
      '/-/nation/..%2f..',
      '/-/assets/..%2fsite.css',
      `/${world.gameId}/turn-1/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
    ]) {
      expect((await call(url, p)).status, p).toBe(404);
    }
    expect((await call(url, `/${world.gameId}/`, { method: 'POST' })).status).toBe(405);
  });
});
