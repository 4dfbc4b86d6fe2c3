// The member's conversations and the member finder on the local XenForo 2 board, part of its pages
// (xenforo-pages.ts, whose header cites XenForo's controllers for each answer; the HTML is
// xenforo-html.ts's, after conversation_list_macros and conversation_message_macros):
// conversations/ and conversations/page-N (newest last message first), conversations/<slug>.<id>/
// and its page-N (oldest first), its unread and latest jumps, conversations/messages/<id>/ (to the
// page holding it), conversations/add and <id>/add-reply, members/?username= and a member's profile.
import type { ContractRequest, Reply, Route } from './contract-server.ts';
import { PER_PAGE, type XfBoard, type XfUser } from './xenforo-board.ts';
import { banners, bbCode, esc, memberUrl, pageNav, slug, time, userInfo, username } from './xenforo-html.ts';
import type { FloodAction } from './xenforo-flood.ts';
import { lastPage, refused, type Handler, type Visit } from './xenforo-pages.ts';

export interface PageKit {
  page: (fn: Handler) => Route;
  form: (fn: Handler, member?: boolean) => Route;
  html: (v: Visit, status: number, template: string, title: string, content: string) => Reply;
  json: (v: Visit, status: number, body: unknown) => Reply;
  redirect: (v: Visit, status: number, path: string) => Reply;
  notFound: (v: Visit, message: string) => Reply;
  ok: (v: Visit, path: string, message?: string) => Reply;
  field: (req: ContractRequest, name: string) => string;
  messageError: (message: string, v?: Visit, action?: FloodAction) => string | undefined;
  acted: (v: Visit, action: FloodAction) => void;
}

export function conversationPages(board: XfBoard, kit: PageKit): Array<[string, RegExp, Route]> {
  const { page, form, html, json, redirect, notFound, ok, field, messageError, acted } = kit;
  const attachmentName = (id: number) => board.attachments.get(id)?.filename;
  const convUrl = (id: number) => {
    const title = slug(board.inbox.find((c) => c.conversation_id === id)?.title ?? '');
    return `/conversations/${title ? `${title}.` : ''}${id}/`;
  };
  const mine = (v: Visit, id: number) => (v.user?.user_id === board.me.user_id ? board.inbox.find((c) => c.conversation_id === id) : undefined);
  const convRow = (c: XfBoard['inbox'][number]) => {
    const others = (board.recipients.get(c.conversation_id) ?? [])
      .filter((u) => u !== c.user_id)
      .map((u) => `<li>${username(board.userById(u), 'Unknown member')}</li>`);
    const last = c.messages.at(-1);
    return `<div class="structItem structItem--conversation  js-inlineModContainer" data-author="${esc(c.username)}">
<div class="structItem-cell structItem-cell--main" data-xf-init="touch-proxy"><a href="${convUrl(c.conversation_id)}unread" class="structItem-title" data-tp-primary="on">${esc(c.title)}</a>
<div class="structItem-minor"><ul class="structItem-parts"><li><ul class="listInline listInline--comma listInline--selfInline"><li>${username(board.userById(c.user_id), c.username)}</li>${others.join('')}</ul></li>
<li class="structItem-startDate"><a href="${convUrl(c.conversation_id)}" rel="nofollow">${time(c.start_date)}</a></li></ul></div></div>
<div class="structItem-cell structItem-cell--latest"><a href="${convUrl(c.conversation_id)}latest" rel="nofollow">${time(c.last_message_date, 'structItem-latestDate')}</a><div class="structItem-minor">${last ? username(board.userById(last.user_id), last.username) : ''}</div></div>
</div>`;
  };
  const messageHtml = (m: XfBoard['inbox'][number]['messages'][number], position: number) =>
    `<article class="message message--conversationMessage   js-message" data-author="${esc(m.username)}">
<span class="u-anchorTarget" id="convMessage-${m.message_id}"></span>
<div class="message-inner"><div class="message-cell message-cell--user">${userInfo(board.userById(m.user_id), m.username)}</div>
<div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget"><div class="message-content">
<header class="message-attribution"><a href="/conversations/messages/${m.message_id}/" class="message-attribution-main u-concealed" rel="nofollow">${time(m.message_date)}</a><span class="message-attribution-opposite">#${position}</span></header>
<div class="message-userContent lbContainer js-lbContainer" data-lb-id="message-${m.message_id}"><article class="message-body js-selectToQuote"><div class="bbWrapper">${bbCode(m.message, attachmentName)}</div><div class="js-selectToQuoteEnd">&nbsp;</div></article></div>
</div></div></div></div>
</article>`;
  const inboxSorted = () => [...board.inbox].sort((a, b) => b.last_message_date - a.last_message_date);

  return [
    [
      'GET',
      /^\/conversations\/(?:page-(\d+))?$/,
      page((_req, [n], v) => {
        if (!v.user) return html(v, 403, 'login', 'Log in', '<div class="blockMessage">You must be logged-in to do that.</div>');
        const all = v.user.user_id === board.me.user_id ? inboxSorted() : [];
        const [wanted, last] = [Math.max(1, Number(n ?? 1)), lastPage(all.length)];
        if (wanted > last) return redirect(v, 303, `/conversations/${last > 1 ? `page-${last}` : ''}`);
        const rows = all.slice((wanted - 1) * PER_PAGE, wanted * PER_PAGE).map(convRow);
        const nav = pageNav(wanted, last, (k) => `/conversations/${k > 1 ? `page-${k}` : ''}`);
        return html(
          v,
          200,
          'conversation_list',
          'Direct messages',
          `<div class="block"><div class="block-container"><div class="block-body"><div class="structItemContainer">
${rows.join('\n')}
</div></div></div>${nav}</div>`,
        );
      }),
    ],
    [
      'GET',
      /^\/conversations\/(?:([^/]*)\.)?(\d+)\/(?:page-(\d+)|(unread|latest))?$/,
      page((_req, [given, idText, n, jump], v) => {
        const c = mine(v, Number(idText));
        if (!c) return notFound(v, 'The requested conversation could not be found.');
        const url = convUrl(c.conversation_id);
        const last = lastPage(c.messages.length);
        const pageUrl = (k: number) => `${url}${k > 1 ? `page-${k}` : ''}`;
        if (jump) return redirect(v, 303, `${pageUrl(last)}#convMessage-${c.messages.at(-1)!.message_id}`);
        const wanted = Math.max(1, Number(n ?? 1));
        if (`/conversations/${given ? `${given}.` : ''}${idText}/` !== url) return redirect(v, 301, pageUrl(wanted));
        if (wanted > last) return redirect(v, 303, pageUrl(last));
        const start = (wanted - 1) * PER_PAGE;
        const items = c.messages.slice(start, start + PER_PAGE).map((m, i) => messageHtml(m, start + i + 1));
        const nav = pageNav(wanted, last, pageUrl);
        return html(
          v,
          200,
          'conversation_view',
          c.title,
          `${nav}<div class="block block--messages"><div class="block-container lbContainer"><div class="block-body js-replyNewMessageContainer">
${items.join('\n')}
</div></div></div>${nav}`,
        );
      }),
    ],
    [
      'GET',
      /^\/conversations\/messages\/(\d+)\/?$/,
      page((_req, [idText], v) => {
        const c = board.inbox.find((x) => mine(v, x.conversation_id) && x.messages.some((m) => m.message_id === Number(idText)));
        if (!c) return notFound(v, 'The requested message could not be found.');
        const at = c.messages.findIndex((m) => m.message_id === Number(idText));
        const n = Math.floor(at / PER_PAGE) + 1;
        return redirect(v, 302, `${convUrl(c.conversation_id)}${n > 1 ? `page-${n}` : ''}#convMessage-${idText}`);
      }),
    ],
    [
      'POST',
      /^\/conversations\/add$/,
      form((req, _p, v) => {
        const names = field(req, 'recipients')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const found = names.map((name) => board.users.find((u) => u.username.toLowerCase() === name.toLowerCase()));
        const missing = names.filter((_n, i) => !found[i]);
        if (missing.length) return json(v, 200, refused(`The following recipients could not be found: ${missing.join(', ')}.`));
        const to = found.filter((u): u is XfUser => !!u && u.user_id !== v.user!.user_id);
        if (!to.length) return json(v, 200, refused('Please enter at least one valid recipient.'));
        const [title, message] = [field(req, 'title').trim(), field(req, 'message')];
        if (!title) return json(v, 200, refused('Please enter a valid title.'));
        const wrong = messageError(message, v, 'conversation');
        if (wrong) return json(v, 200, refused(wrong));
        acted(v, 'conversation');
        const id = board.converse(v.user!.user_id, title, message);
        board.recipients.set(id, [v.user!.user_id, ...to.map((u) => u.user_id)]);
        board.conversations.push({ conversation_id: id, recipient_ids: to.map((u) => String(u.user_id)), title, message });
        return ok(v, convUrl(id));
      }),
    ],
    [
      'POST',
      /^\/conversations\/(?:[^/]*\.)?(\d+)\/add-reply$/,
      form((req, [idText], v) => {
        const c = mine(v, Number(idText));
        if (!c) return json(v, 404, refused('The requested conversation could not be found.'));
        const message = field(req, 'message');
        const wrong = messageError(message, v, 'conversation');
        if (wrong) return json(v, 200, refused(wrong));
        acted(v, 'conversation');
        board.converse(v.user!.user_id, '', message, c.conversation_id);
        return ok(v, `/conversations/messages/${c.messages.at(-1)!.message_id}/`);
      }),
    ],
    [
      'GET',
      /^\/members\/(?:([^/]*)\.)?(\d+)\/$/,
      page((_req, [, idText], v) => {
        const user = board.userById(Number(idText));
        if (!user) return notFound(v, 'The requested member could not be found.');
        return html(
          v,
          200,
          'member_view',
          user.username,
          `<div class="memberHeader"><h1 class="memberHeader-name"><span class="username " dir="auto" data-user-id="${user.user_id}">${esc(user.username)}</span></h1>${banners(user.user_id === board.me.user_id && board.moderator.on)}</div>`,
        );
      }),
    ],
    [
      'GET',
      /^\/members\/$/,
      page((req, _p, v) => {
        const name = (req.query.get('username') ?? '').trim().toLowerCase();
        const user = name ? board.users.find((u) => u.username.toLowerCase() === name) : undefined;
        if (user) return redirect(v, 303, memberUrl(user));
        const said = name
          ? `<div class="blockMessage blockMessage--error">The specified member cannot be found. Please enter a member's entire name.</div>`
          : '';
        return html(v, 200, 'member_notable', 'Notable members', said);
      }),
    ],
  ];
}
