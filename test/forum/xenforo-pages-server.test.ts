// The local XenForo board's member pages themselves (sandbox/forum/xenforo-pages.ts), checked
// with plain fetch and cookies kept by hand, where they could go wrong: the form token, pages
// counted anew after a moderator hides a post, the "Stay logged in" cookie, an uploaded attachment
// claimed by a reply, the flood check between two actions of one kind.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startXenForo, type XenForoForum } from '../../sandbox/forum/xenforo-server.ts';

let xf: XenForoForum;

/** A browser's cookies for the board, kept by hand. */
class Browser {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async get(path: string) {
    return this.keep(await fetch(`${this.base}${path}`, { headers: { cookie: this.header() }, redirect: 'manual' }));
  }
  async post(path: string, body: URLSearchParams | FormData) {
    body.set('_xfResponseType', 'json');
    return this.keep(await fetch(`${this.base}${path}`, { method: 'POST', headers: { cookie: this.header() }, body, redirect: 'manual' }));
  }
  /** The token of a page this browser is shown. */
  async token(path = '/') {
    return /data-csrf="([^"]+)"/.exec(await (await this.get(path)).text())![1];
  }
  async logIn() {
    const answer = await this.post(
      '/login/login',
      new URLSearchParams({ login: 'adjutant', password: xf.password, remember: '1', _xfToken: await this.token('/login/') }),
    );
    return { answer, body: (await answer.json()) as { status: string; redirect?: string; errors?: string[] } };
  }
  private header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
}

const postIds = (html: string) => [...html.matchAll(/data-content="post-(\d+)"/g)].map((m) => Number(m[1]));
const currentPage = (html: string) => /pageNav-page--current "><a [^>]*>(\d+)</.exec(html)?.[1];

beforeEach(async () => {
  xf = await startXenForo();
});
afterEach(async () => {
  await xf.server.close();
});

describe("the local XenForo board's member pages", () => {
  it("refuses a form whose token is not of the browser's own xf_csrf cookie", async () => {
    const alice = new Browser(xf.baseUrl);
    await alice.logIn();
    // Another browser's token, or none, with this browser's cookies.
    const other = await new Browser(xf.baseUrl).token();
    for (const token of [other, '', '1800000000,0123456789abcdef0123456789abcdef']) {
      const res = await alice.post('/threads/77/add-reply', new URLSearchParams({ message: 'hello', _xfToken: token }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ status: 'error', errors: ['Security error occurred. Please press back, refresh the page, and try again.'] });
    }
    expect(xf.posts).toEqual([]);
    // Its own token works.
    const made = await alice.post('/threads/77/add-reply', new URLSearchParams({ message: 'hello', _xfToken: await alice.token() }));
    expect(await made.json()).toEqual({ status: 'ok', redirect: `${xf.baseUrl}/posts/${xf.posts[0].post_id}/` });
  });

  it('counts the pages anew when a moderator hides a post, and sends a page past the end to the last', async () => {
    const posts = Array.from({ length: 41 }, (_, i) => xf.say(2, `post ${i}`));
    const browser = new Browser(xf.baseUrl);
    const canonical = await browser.get('/threads/77/page-3');
    expect(canonical.status).toBe(301);
    expect(canonical.headers.get('location')).toBe(`${xf.baseUrl}/threads/game-thread.77/page-3`);
    const third = await (await browser.get('/threads/game-thread.77/page-3')).text();
    expect([postIds(third), currentPage(third)]).toEqual([[posts[40].post_id], '3']);

    xf.hide(posts[5]);
    const gone = await browser.get('/threads/game-thread.77/page-3');
    expect([gone.status, gone.headers.get('location')]).toEqual([303, `${xf.baseUrl}/threads/game-thread.77/page-2`]);
    const second = await (await browser.get('/threads/game-thread.77/page-2')).text();
    expect(postIds(second)).toEqual(posts.slice(21).map((p) => p.post_id));
    expect(second).toContain('<a href="/threads/game-thread.77/page-2">2</a>');
    expect(second).not.toContain('page-3');
    // A post's address goes to the page now holding it; the hidden one is not found.
    const moved = await browser.get(`/posts/${posts[21].post_id}/`);
    expect(moved.headers.get('location')).toBe(`${xf.baseUrl}/threads/game-thread.77/page-2#post-${posts[21].post_id}`);
    expect((await browser.get(`/posts/${posts[5].post_id}/`)).status).toBe(404);
  });

  it('logs in with the name in any case, sets the "Stay logged in" cookie, and forgets it when the sessions end', async () => {
    const browser = new Browser(xf.baseUrl);
    const { body } = await browser.logIn();
    expect(body).toEqual({ status: 'ok', redirect: `${xf.baseUrl}/` });
    expect(browser.cookies.get('xf_user')).toMatch(/^1%2C[0-9a-f]{40}$/);
    // The cookie alone logs a new browser in, as user 1.
    const remembered = new Browser(xf.baseUrl);
    remembered.cookies.set('xf_user', browser.cookies.get('xf_user')!);
    const home = await (await remembered.get('/')).text();
    expect(home).toContain('data-logged-in="true"');
    expect(home).toMatch(/p-navgroup-link--user[^>]*><span [^>]*data-user-id="1"/);
    expect(remembered.cookies.has('xf_session')).toBe(true);

    xf.expireSessions();
    for (const b of [browser, remembered]) expect(await (await b.get('/')).text()).toContain('data-logged-in="false"');
    const wrong = new Browser(xf.baseUrl);
    const refused = await wrong.post(
      '/login/login',
      new URLSearchParams({ login: 'Adjutant', password: 'nope', remember: '1', _xfToken: await wrong.token('/login/') }),
    );
    expect(await refused.json()).toEqual({ status: 'error', errors: ['Incorrect password. Please try again.'] });
    expect(wrong.cookies.has('xf_user')).toBe(false);
  });

  it("claims the attachments uploaded with the editor's hash for the reply, and shows them in it", async () => {
    const browser = new Browser(xf.baseUrl);
    await browser.logIn();
    const hash = 'a'.repeat(32);
    const upload = new FormData();
    upload.set('upload', new Blob([Buffer.from('a map')], { type: 'image/png' }), 'map.png');
    upload.set('_xfToken', await browser.token());
    const uploaded = await browser.post(`/attachments/upload?${new URLSearchParams({ type: 'post', 'context[thread_id]': '77', hash })}`, upload);
    const { attachment } = (await uploaded.json()) as { attachment: { attachment_id: number; link: string } };
    expect(attachment.link).toBe(`${xf.baseUrl}/attachments/map-png.${attachment.attachment_id}/`);

    const reply = new URLSearchParams({
      message: `Spring <2031>\n[ATTACH=full]${attachment.attachment_id}[/ATTACH]\n[orders]x[/orders]`,
      attachment_hash: hash,
      attachment_hash_combined: JSON.stringify({ type: 'post', context: { thread_id: 77 }, hash }),
      _xfToken: await browser.token(),
    });
    expect((await (await browser.post('/threads/77/add-reply', reply)).json()) as object).toMatchObject({ status: 'ok' });
    const post = xf.posts.at(-1)!;
    expect([post.user_id, post.attach_count, xf.attachments.get(attachment.attachment_id)?.data.toString()]).toEqual([1, 1, 'a map']);
    const page = await (await browser.get('/threads/game-thread.77/')).text();
    expect(page).toContain(
      `<div class="bbWrapper">Spring &lt;2031&gt;<br />\n<div class="bbImageWrapper  js-lbImage" title="map.png" data-src="/attachments/map-png.${attachment.attachment_id}/"`,
    );
    expect(page).toContain('<br />\n[orders]x[/orders]</div>');
  });

  it('holds a member to the flood check between two actions of one kind, and not staff', async () => {
    const browser = new Browser(xf.baseUrl);
    await browser.logIn();
    xf.flood.every = 2;
    const reply = async (message: string) =>
      (await (await browser.post('/threads/77/add-reply', new URLSearchParams({ message, _xfToken: await browser.token() }))).json()) as {
        status: string;
        errors?: string[];
      };
    const start = async () =>
      (await (
        await browser.post('/conversations/add', new URLSearchParams({ recipients: 'Alice', title: 'Hi', message: 'hello', _xfToken: await browser.token() }))
      ).json()) as { status: string };
    expect((await reply('one')).status).toBe('ok');
    expect(await reply('two')).toEqual({ status: 'error', errors: ['You must wait at least 2 seconds before performing this action.'] });
    // A conversation is another kind of action: the reply does not hold it back.
    expect((await start()).status).toBe('ok');
    expect((await start()).status).toBe('error');
    xf.moderator.on = true;
    expect((await reply('three')).status).toBe('ok');
  });
});
