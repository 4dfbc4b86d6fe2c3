// XenForo 2's own pages and forms, as an ordinary member reaches them with no API key, on the local
// board (xenforo-board.ts), in the shapes XenForo's templates and controllers have (the HTML:
// xenforo-html.ts, which cites each template):
// - XF\Pub\App / XF\Session / XF\Http\Request with the cookie prefix xf_: xf_csrf (set on the first
//   answer to a client without one), xf_session (set when a session starts: at login, or from a
//   valid "Stay logged in" xf_user cookie, "<user_id>,<key>" URL-encoded as PHP's setcookie writes
//   it); the form token "<time>,<md5 of time, xf_csrf and a board secret>" on every page's <html
//   data-csrf>, checked on every form POST (XF\Mvc\Controller::assertValidCsrfToken: 24 hours
//   valid; refused with HTTP 400 and the phrase security_error_occurred); a member-only form made
//   logged out refused with 403 "You must be logged-in to do that." (assertRegistrationRequired).
// - Forms answer JSON when they carry _xfResponseType=json (XF\Mvc\Renderer\Json): a redirect as
//   { status: "ok", redirect[, message] }, an error (XF\Mvc\Controller::error, HTTP 200 unless said)
//   as { status: "error", errors: [...] }.
// - XF\Pub\Controller\Login: GET login/ (the form), POST login/login: incorrect_password,
//   requested_user_x_not_found, did_not_complete_the_captcha_verification_properly (a board's login
//   limit asks for a CAPTCHA: the `captcha` switch), a two-step account redirected to login/two-step
//   without being logged in (`twoStep`).
// - XF\Pub\Controller\Thread: threads/<slug>.<id>/page-N, 20 posts a page (messagesPerPage), the
//   canonical address enforced with a 301 (assertCanonicalUrl), a page past the last redirected to
//   the last (assertValidPage), a thread not shown a 404 requested_thread_not_found; actionAddReply
//   with the plain-text editor's `message` and the editor's attachment_hash: the message checked
//   (please_enter_valid_message, please_enter_message_with_no_more_than_x_characters) before the flood
//   check (must_wait_x_seconds_before_performing_this_action, xenforo-flood.ts), a reply held for approval redirected
//   to the thread with the phrase your_message_has_been_posted_awaiting_approval, a thread the
//   member may not reply in (`locked`; staff may, XF\Entity\Thread::canReply) 403
//   do_not_have_permission. The thread page (thread_view) shows a locked thread's status and,
//   to a member who may reply, the quick reply form with its "Attach files" button to one who may
//   attach (xenforo-html.ts).
// - XF\Pub\Controller\Post: posts/<id>/ redirected to the thread page holding it with #post-<id>
//   (the Thread plugin's getPostLink), a post not shown a 404 requested_post_not_found; actionEdit
//   for one's own post, 403 for another's. XF\Pub\Controller\Attachment::actionUpload: the upload
//   kept under the editor's hash until the reply claims it; a member the board does not let
//   attach files (`attaching` off) refused with noPermission, 403.
// - XF\Pub\Controller\Conversation: conversations/ (newest last message first) and
//   conversations/<slug>.<id>/ (oldest first), 20 a page; actionAdd (recipients by name, comma
//   separated: the_following_recipients_could_not_be_found_x), actionAddReply redirected to
//   conversations/messages/<id>/; a conversation the member is not in: 404 requested_conversation_not_found.
// - XF\Pub\Controller\Member::actionIndex with `username`: 303 to the member's profile
//   (member_view: h1.memberHeader-name), else the list with "The specified member cannot be found".
import { createHash, randomBytes } from 'node:crypto';
import type { ContractRequest, Reply, Route } from './contract-server.ts';
import { PER_PAGE, type XfBoard, type XfPost, type XfUser } from './xenforo-board.ts';
import { conversationPages } from './xenforo-conversation-pages.ts';
import { floodCheck, type FloodAction } from './xenforo-flood.ts';
import { bbCode, esc, lockedStatus, pageNav, quickReply, shell, slug, time, userInfo, username } from './xenforo-html.ts';

export interface Visit {
  csrf: string;
  user?: XfUser;
  cookies: string[];
}
export type Handler = (req: ContractRequest, params: string[], v: Visit) => Reply | Promise<Reply>;

const NO_PERMISSION = 'You do not have permission to view this page or perform this action.';
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
export const lastPage = (count: number) => Math.max(1, Math.ceil(count / PER_PAGE));
export const refused = (...errors: string[]) => ({ status: 'error', errors });

export function memberPages(board: XfBoard) {
  const site = { base: '' };
  const secret = randomBytes(16).toString('hex');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const sessions = new Map<string, number>();
  const remembered = new Set<string>();
  const [captcha, twoStep, holdReplies, locked, attaching] = [{ on: false }, { on: false }, { on: false }, { on: false }, { on: true }];
  const mayReply = (v: Visit) => !!v.user && (!locked.on || board.moderator.on);
  const flood = floodCheck(() => board.moderator.on);
  const remember = (userId: number) => {
    const key = randomBytes(20).toString('hex');
    remembered.add(`${userId},${key}`);
    return `${userId}%2C${key}`;
  };
  const startSession = (v: Visit, user: XfUser) => {
    const id = randomBytes(16).toString('hex');
    sessions.set(id, user.user_id);
    v.user = user;
    v.cookies.push(`xf_session=${id}; path=/; httponly`);
  };
  const visit = (req: ContractRequest): Visit => {
    const jar = Object.fromEntries(
      String(req.headers.cookie ?? '')
        .split(';')
        .map((c) => c.trim().split('='))
        .filter(([name]) => name)
        .map(([name, ...value]) => [name, value.join('=')]),
    );
    const v: Visit = { csrf: jar.xf_csrf ?? '', cookies: [] };
    if (!v.csrf) v.cookies.push(`xf_csrf=${(v.csrf = randomBytes(8).toString('hex'))}; path=/; httponly`);
    const userId = sessions.get(jar.xf_session ?? '');
    if (userId !== undefined) v.user = board.userById(userId);
    else if (jar.xf_user && remembered.has(decodeURIComponent(jar.xf_user)))
      startSession(v, board.userById(Number(decodeURIComponent(jar.xf_user).split(',')[0]))!);
    return v;
  };
  const token = (v: Visit, at = now()) => `${at},${md5(`${at}${v.csrf}${secret}`)}`;
  const tokenOk = (v: Visit, given: string) => {
    const at = Number(given.split(',')[0]);
    return /^\d+,[0-9a-f]{32}$/.test(given) && token(v, at) === given && at + DAY >= now();
  };
  const headers = (v: Visit, type?: string) => ({
    ...(type && { 'content-type': type }),
    ...(v.cookies.length && { 'set-cookie': v.cookies as unknown as string }), // Node writes one Set-Cookie header per value.
  });
  const json = (v: Visit, status: number, body: unknown): Reply => ({ status, body, headers: headers(v) });
  const ok = (v: Visit, path: string, message?: string) => json(v, 200, { status: 'ok', redirect: `${site.base}${path}`, ...(message && { message }) });
  const redirect = (v: Visit, status: number, path: string): Reply => ({
    status,
    body: '',
    headers: { ...headers(v, 'text/html; charset=utf-8'), location: `${site.base}${path}` },
  });
  const html = (v: Visit, status: number, template: string, title: string, content: string): Reply => ({
    status,
    body: shell({ template, title, csrf: token(v), visitor: v.user, content }),
    headers: headers(v, 'text/html; charset=utf-8'),
  });
  const notFound = (v: Visit, message: string) => html(v, 404, 'error', 'Oops! We ran into some problems.', `<div class="blockMessage">${esc(message)}</div>`);
  const page: (fn: Handler) => Route = (fn) => (req, params) => fn(req, params, visit(req));
  const form: (fn: Handler, member?: boolean) => Route =
    (fn, member = true) =>
    (req, params) => {
      const v = visit(req);
      if (!tokenOk(v, String(req.form?.get('_xfToken') ?? '')))
        return json(v, 400, refused('Security error occurred. Please press back, refresh the page, and try again.'));
      if (member && !v.user) return json(v, 403, refused('You must be logged-in to do that.'));
      return fn(req, params, v);
    };
  const field = (req: ContractRequest, name: string) => String(req.form?.get(name) ?? '');
  const messageError = (message: string, v?: Visit, action?: FloodAction) => {
    const wait = flood.wait(v?.user?.user_id ?? 0, action);
    return !message.trim()
      ? 'Please enter a valid message.'
      : message.length > board.limits.messageMaxLength
        ? `Please enter a message with no more than ${board.limits.messageMaxLength.toLocaleString('en-US')} characters.`
        : wait > 0
          ? `You must wait at least ${wait} seconds before performing this action.`
          : undefined;
  };
  const acted = (v: Visit, action: FloodAction) => flood.acted(v.user!.user_id, action);

  // Threads and posts.
  const threadTitle = (id: number) => (id === board.threadId ? board.thread.title : `Thread ${id}`);
  const threadUrl = (id: number, n = 1) => `/threads/${slug(threadTitle(id))}.${id}/${n > 1 ? `page-${n}` : ''}`;
  const threadShown = (id: number) => (id === board.threadId ? board.thread.exists : board.shownPosts(id).length > 0);
  const attachmentName = (id: number) => board.attachments.get(id)?.filename;
  const postHtml = (p: XfPost, position: number) => {
    const link = `${threadUrl(p.thread_id)}post-${p.post_id}`;
    const who = board.userById(p.user_id);
    const head = `data-author="${esc(p.username)}" data-content="post-${p.post_id}"`;
    if (p.message_state === 'deleted')
      return `<div class="message message--deleted message--post js-post js-inlineModContainer" ${head}><span class="u-anchorTarget" id="post-${p.post_id}"></span>
<div class="message-inner"><div class="message-cell message-cell--user">${userInfo(who, p.username)}</div><div class="message-cell message-cell--main">
<div class="message-attribution"><ul class="listInline listInline--bullet message-attribution-main"><li><a href="${link}" class="u-concealed" rel="nofollow">${time(p.post_date)}</a></li><li>${username(who, p.username)}</li></ul></div>
<div class="messageNotice messageNotice--deleted">Deleted by a moderator <a href="/posts/${p.post_id}/show" class="u-jsOnly" data-xf-click="inserter">Show…</a></div></div></div></div>`;
    const held =
      p.message_state === 'moderated'
        ? '<div class="messageNotice messageNotice--moderated">This message is awaiting moderator approval, and is invisible to normal visitors.</div>'
        : '';
    const edited = p.last_edit_date ? `<div class="message-lastEdit">Last edited: ${time(p.last_edit_date)}</div>` : '';
    return `<article class="message message--post js-post js-inlineModContainer  " ${head} id="js-post-${p.post_id}">
<span class="u-anchorTarget" id="post-${p.post_id}"></span>
<div class="message-inner"><div class="message-cell message-cell--user">${userInfo(who, p.username)}</div>
<div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget">
<header class="message-attribution message-attribution--split"><ul class="message-attribution-main listInline "><li class="u-concealed"><a href="${link}" rel="nofollow">${time(p.post_date)}</a></li></ul>
<ul class="message-attribution-opposite message-attribution-opposite--list "><li><a href="${link}" rel="nofollow">#${position.toLocaleString('en-US')}</a></li></ul></header>
<div class="message-content js-messageContent">${held}<div class="message-userContent lbContainer js-lbContainer " data-lb-id="post-${p.post_id}">
<article class="message-body js-selectToQuote"><div class="bbWrapper">${bbCode(p.message, attachmentName)}</div><div class="js-selectToQuoteEnd">&nbsp;</div></article>
</div>${edited}</div></div></div></div>
</article>`;
  };

  const routes: Array<[string, RegExp, Route]> = [
    ['GET', /^\/$/, page((_req, _p, v) => html(v, 200, 'forum_list', 'Forums', '<div class="block block--category"></div>'))],
    [
      'GET',
      /^\/login\/?$/,
      page((_req, _p, v) =>
        html(
          v,
          200,
          'login',
          'Log in',
          `<form action="/login/login" method="post" class="block" data-xf-init="ajax-submit"><div class="block-container"><div class="block-body">
<dl class="formRow formRow--input"><dt><label class="formRow-label" for="_xfUid-1">Your name or email address</label></dt><dd><input type="text" class="input" name="login" autofocus="autofocus" autocomplete="username" id="_xfUid-1" /></dd></dl>
<dl class="formRow formRow--input"><dt><label class="formRow-label" for="_xfUid-2">Password</label></dt><dd><input type="password" class="input" name="password" autocomplete="current-password" id="_xfUid-2" /></dd></dl>
<dl class="formRow"><dt></dt><dd><label class="iconic"><input type="checkbox" name="remember" value="1" checked="checked" /><i aria-hidden="true"></i><span class="iconic-label">Stay logged in</span></label></dd></dl>
</div><button type="submit" class="button--primary button button--icon button--icon--login"><span class="button-text">Log in</span></button></div>
<input type="hidden" name="_xfRedirect" value="${esc(site.base)}/" />
<input type="hidden" name="_xfToken" value="${token(v)}" />
</form>`,
        ),
      ),
    ],
    [
      'POST',
      /^\/login\/login$/,
      form((req, _p, v) => {
        const login = field(req, 'login');
        const user = board.users.find((u) => u.username.toLowerCase() === login.trim().toLowerCase());
        if (captcha.on) return json(v, 200, refused('Did not complete the CAPTCHA verification properly. Please try again.'));
        if (!user) return json(v, 200, refused(`The requested user '${login}' could not be found.`));
        if (user.user_id !== board.me.user_id || field(req, 'password') !== password) return json(v, 200, refused('Incorrect password. Please try again.'));
        const back = field(req, '_xfRedirect') || `${site.base}/`;
        const rememberIt = field(req, 'remember') === '1';
        if (twoStep.on) return ok(v, `/login/two-step?${new URLSearchParams({ _xfRedirect: back, ...(rememberIt && { remember: '1' }) })}`);
        startSession(v, user);
        if (rememberIt) v.cookies.push(`xf_user=${remember(user.user_id)}; max-age=${365 * DAY}; path=/; httponly`);
        return json(v, 200, { status: 'ok', redirect: back });
      }, false),
    ],
    [
      'GET',
      /^\/threads\/(?:([^/]*)\.)?(\d+)\/(?:page-(\d+))?$/,
      page((_req, [given, idText, n], v) => {
        const id = Number(idText);
        if (!threadShown(id)) return notFound(v, 'The requested thread could not be found.');
        const wanted = Math.max(1, Number(n ?? 1));
        if (given !== slug(threadTitle(id))) return redirect(v, 301, threadUrl(id, wanted));
        const shown = board.shownPosts(id);
        const last = lastPage(shown.length);
        if (wanted > last) return redirect(v, 303, threadUrl(id, last));
        const start = (wanted - 1) * PER_PAGE;
        const items = shown.slice(start, start + PER_PAGE).map((p, i) => postHtml(p, start + i + 1));
        const nav = pageNav(wanted, last, (k) => threadUrl(id, k));
        return html(
          v,
          200,
          'thread_view',
          threadTitle(id),
          `${locked.on ? lockedStatus() : ''}${nav}<div class="block block--messages" data-type="post"><div class="block-container lbContainer"><div class="block-body js-replyNewMessageContainer">
${items.join('\n')}
</div></div></div>${nav}${mayReply(v) ? quickReply(threadUrl(id), id, token(v), attaching.on) : ''}`,
        );
      }),
    ],
    [
      'GET',
      /^\/posts\/(\d+)\/?$/,
      page((_req, [idText], v) => {
        const post = board.posts.find((p) => p.post_id === Number(idText));
        const at = post ? board.shownPosts(post.thread_id).indexOf(post) : -1;
        if (!post || at < 0) return notFound(v, 'The requested post could not be found.');
        return redirect(v, 302, `${threadUrl(post.thread_id, Math.floor(at / PER_PAGE) + 1)}#post-${post.post_id}`);
      }),
    ],
    [
      'POST',
      /^\/attachments\/upload$/,
      form(async (req, _p, v) => {
        const file = req.form?.get('upload');
        const hash = req.query.get('hash') ?? '';
        if (
          req.query.get('type') !== 'post' ||
          Number(req.query.get('context[thread_id]')) !== board.threadId ||
          !board.thread.exists ||
          !hash ||
          !(file instanceof File)
        )
          return json(v, 400, refused('The attachment could not be uploaded.'));
        if (!attaching.on) return json(v, 403, refused(NO_PERMISSION));
        const id = board.addAttachment(hash, file.name, Buffer.from(await file.arrayBuffer()));
        const link = `${site.base}/attachments/${slug(file.name)}.${id}/`;
        const attachment = {
          attachment_id: id,
          filename: file.name,
          file_size: file.size,
          thumbnail_url: `${site.base}/data/attachments/0/${id}-${hash}.jpg`,
          link,
        };
        return json(v, 200, { status: 'ok', attachment, link });
      }),
    ],
    [
      'POST',
      /^\/threads\/(?:[^/]*\.)?(\d+)\/add-reply$/,
      form((req, [idText], v) => {
        const id = Number(idText);
        if (id !== board.threadId || !board.thread.exists) return json(v, 404, refused('The requested thread could not be found.'));
        if (!mayReply(v)) return json(v, 403, refused(NO_PERMISSION));
        const message = field(req, 'message');
        const wrong = messageError(message, v, 'post');
        if (wrong) return json(v, 200, refused(wrong));
        acted(v, 'post');
        const post = board.say(v.user!.user_id, message);
        const hash = field(req, 'attachment_hash');
        if (hash) post.attach_count = [...board.attachments.values()].filter((a) => a.key === hash).length;
        if (!holdReplies.on) return ok(v, `/posts/${post.post_id}/`);
        post.message_state = 'moderated';
        return ok(v, threadUrl(id), 'Your message has been posted. It will be displayed publicly once approved by a moderator.');
      }),
    ],
    [
      'POST',
      /^\/posts\/(\d+)\/edit$/,
      form((req, [idText], v) => {
        const post = board.posts.find((p) => p.post_id === Number(idText));
        if (!post || !board.shownPosts(post.thread_id).includes(post)) return json(v, 404, refused('The requested post could not be found.'));
        if (post.user_id !== v.user!.user_id) return json(v, 403, refused(NO_PERMISSION));
        const message = field(req, 'message');
        const wrong = messageError(message);
        if (wrong && !wrong.startsWith('You must wait')) return json(v, 200, refused(wrong));
        board.edit(post, message);
        return ok(v, `/posts/${post.post_id}/`);
      }),
    ],
    ...conversationPages(board, { page, form, html, json, redirect, notFound, ok, field, messageError, acted }),
  ];

  return {
    routes,
    site,
    password,
    captcha,
    twoStep,
    holdReplies,
    flood,
    locked,
    attaching,
    rememberCookie: () => remember(board.me.user_id),
    expireSessions: () => (sessions.clear(), remembered.clear()),
  };
}
