// The HTML a XenForo 2 board's pages are made of, for the member's pages (xenforo-pages.ts), in the
// shapes of XenForo's own templates (as XenForo compiles them; compiled templates are kept in many
// public add-on and style repositories) and of the pages real boards serve (saved pages of public
// XenForo 2.2 boards, also found in public repositories):
// - PAGE_CONTAINER's root element <html id="XF" ... data-template data-container-key
//   data-content-key data-logged-in data-cookie-prefix="xf_" data-csrf="<time>,<32 hex>">, as a real
//   XenForo 2.2 board serves its forum_list page; the navigation's p-navgroup-link--user (avatar
//   with data-user-id) when logged in, the p-navgroup-link--logIn link (data-xf-click="overlay")
//   when not, as on a saved real thread page;
// - post_macros (compiled; XF 2.2's message-attribution--split header and the <time class="u-dt"
//   data-time data-date-string data-time-string> of date_dynamic as on the real page):
//   article.message--post with data-author, data-content="post-<id>", id="js-post-<id>",
//   span.u-anchorTarget#post-<id>, message_macros::user_info's h4.message-name username link,
//   .bbWrapper in article.message-body, .message-lastEdit only when last_edit_date is set ("Last
//   edited:"); an unapproved post keeps the article and carries div.messageNotice--moderated; a
//   soft-deleted post shown to a moderator is the post_deleted macro: a <div class="message
//   message--deleted message--post ..."> with its date and messageNotice--deleted, no body;
// - conversation_message_macros (compiled): article.message--conversationMessage,
//   span.u-anchorTarget#convMessage-<id>, header.message-attribution > a[href=conversations/messages/<id>/];
// - conversation_list_macros (compiled): div.structItem--conversation,
//   a.structItem-title (the conversations/unread link), the starter first in .structItem-parts'
//   listInline, li.structItem-startDate, the latest date in .structItem-cell--latest (the
//   conversations/latest link);
// - page_nav: div.pageNav > a.pageNav-jump--prev, ul.pageNav-main > li.pageNav-page
//   (pageNav-page--current), a.pageNav-jump--next; the first and last pages and two either side of
//   the current, a skipped run shown as "…" (the pageNavRange option, 2 as installed);
// - the BBCode renderer (XF\BbCode\Renderer\Html): text escaped, a newline <br />, [B] <b>, [I] <i>,
//   [U] <u>, [SIZE=1..7] font-size 9/10/12/15/18/22/26px, [QUOTE="Name, post: N, member: M"] the
//   bbCodeBlock--quote blockquote, [ATTACH=full] / [ATTACH type="full"] the bbImageWrapper with
//   img.bbImage (as on the real page), an unknown tag left as written;
// - thread_view (compiled; NetTally, which reads XenForo threads, takes a thread as locked by the
//   same element): a locked thread's dl.blockStatus with "Not open for further replies."; the quick
//   reply, form.js-quickReply posting to threads/<slug>.<id>/add-reply, and in it the editor's
//   attach button, a.js-attachmentUpload to attachments/upload?type=post&context[thread_id]=<id>&
//   hash=<hash>, as a real served thread page has it;
// - the user banners (XF\Template\Templater::fnUserBanners): a staff member's em.userBanner--staff
//   "Staff member", when the board shows staff banners (as installed), in member_view's .memberHeader.
import { createHash } from 'node:crypto';
import type { XfUser } from './xenforo-board.ts';

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
/** XenForo's route slug (XF\Mvc\Router::prepareStringForUrl): lower case, runs of other characters a dash. */
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
export const memberUrl = (u: XfUser) => `/members/${slug(u.username) || 'member'}.${u.user_id}/`;

/** date_dynamic: the board's time zone is UTC. */
export function time(unix: number, extraClass = ''): string {
  const d = new Date(unix * 1000);
  const date = d.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
  const clock = d.toLocaleTimeString('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
  const iso = d.toISOString().replace(/\.\d{3}Z$/, '+0000');
  return `<time class="${extraClass ? `${extraClass} ` : ''}u-dt" dir="auto" datetime="${iso}" data-time="${unix}" data-date-string="${date}" data-time-string="${clock}" title="${date} at ${clock}">${date}</time>`;
}

/** username_link: a member's profile link; a guest's or a deleted member's name without one. */
export function username(user: XfUser | undefined, fallback: string, extra = ''): string {
  if (!user) return `<span class="username " dir="auto" data-user-id="0">${esc(fallback)}</span>`;
  return `<a href="${memberUrl(user)}" class="username " dir="auto"${extra} data-user-id="${user.user_id}" data-xf-init="member-tooltip">${esc(user.username)}</a>`;
}

/** message_macros::user_info. */
export function userInfo(user: XfUser | undefined, fallback: string): string {
  const letter = esc((user?.username ?? fallback).slice(0, 1).toUpperCase());
  const avatar = user
    ? `<a href="${memberUrl(user)}" class="avatar avatar--m avatar--default avatar--default--dynamic" data-user-id="${user.user_id}" data-xf-init="member-tooltip"><span class="avatar-u${user.user_id}-m" role="img" aria-label="${esc(user.username)}">${letter}</span></a>`
    : `<span class="avatar avatar--m avatar--default avatar--default--text" data-user-id="0"><span class="avatar-u0-m"></span></span>`;
  return `<section itemscope itemtype="https://schema.org/Person" class="message-user"><div class="message-avatar "><div class="message-avatar-wrapper">${avatar}</div></div>
<div class="message-userDetails"><h4 class="message-name">${username(user, fallback, ' itemprop="name"')}</h4><h5 class="userTitle message-userTitle" dir="auto" itemprop="jobTitle">${user ? 'Member' : 'Guest'}</h5></div><span class="message-userArrow"></span></section>`;
}

/** page_nav, only when there are two pages or more; `href(n)` is page n's address. */
export function pageNav(current: number, last: number, href: (n: number) => string): string {
  if (last < 2) return '';
  const item = (n: number) => `<li class="pageNav-page ${n === current ? 'pageNav-page--current ' : ''}"><a href="${href(n)}">${n}</a></li>`;
  const skip = `<li class="pageNav-page pageNav-page--skip"><a data-xf-init="tooltip" title="Go to page" role="button" tabindex="0">…</a></li>`;
  const shown = [1, ...Array.from({ length: 5 }, (_, i) => current - 2 + i).filter((n) => n > 1 && n < last), last];
  const items = shown.map((n, i) => (i > 0 && n - shown[i - 1] > 1 ? skip : '') + item(n));
  return `<nav class="pageNavWrapper pageNavWrapper--mixed "><div class="pageNav  ">${current > 1 ? `<a href="${href(current - 1)}" class="pageNav-jump pageNav-jump--prev">Prev</a>` : ''}
<ul class="pageNav-main">${items.join('\n')}</ul>${current < last ? `<a href="${href(current + 1)}" class="pageNav-jump pageNav-jump--next">Next</a>` : ''}</div></nav>`;
}

export interface Shell {
  template: string;
  title: string;
  csrf: string;
  visitor?: XfUser;
  content: string;
}

/** PAGE_CONTAINER around a page's content. */
export function shell({ template, title, csrf, visitor, content }: Shell): string {
  const account = visitor
    ? `<a href="/account/" class="p-navgroup-link p-navgroup-link--iconic p-navgroup-link--user" data-xf-click="menu" title="${esc(visitor.username)}"><span class="avatar avatar--xxs avatar--default avatar--default--dynamic" data-user-id="${visitor.user_id}" title="${esc(visitor.username)}"><span class="avatar-u${visitor.user_id}-s" role="img" aria-label="${esc(visitor.username)}">${esc(visitor.username.slice(0, 1).toUpperCase())}</span></span><span class="p-navgroup-linkText">${esc(visitor.username)}</span></a>`
    : `<a href="/login/" class="p-navgroup-link p-navgroup-link--textual p-navgroup-link--logIn" data-xf-click="overlay" data-follow-redirects="on"><span class="p-navgroup-linkText">Log in</span></a>`;
  return `<!DOCTYPE html>
<html id="XF" lang="en-US" dir="LTR" data-app="public" data-template="${template}" data-container-key="" data-content-key="" data-logged-in="${!!visitor}" data-cookie-prefix="xf_" data-csrf="${csrf}" class="has-no-js template-${template}">
<head><meta charset="utf-8" /><title>${esc(title)} | Local board</title></head>
<body data-template="${template}"><div class="p-pageWrapper" id="top">
<nav class="p-nav"><div class="p-nav-inner"><div class="p-nav-opposite"><div class="p-navgroup p-account ${visitor ? 'p-navgroup--member' : 'p-navgroup--guest'}">${account}</div></div></div></nav>
<div class="p-body"><div class="p-body-inner"><div class="p-body-header"><div class="p-title "><h1 class="p-title-value">${esc(title)}</h1></div></div>
<div class="p-body-main"><div class="p-body-content"><div class="p-body-pageContent">
${content}
</div></div></div></div></div></div></body></html>`;
}

const SIZES: Record<string, number> = { 1: 9, 2: 10, 3: 12, 4: 15, 5: 18, 6: 22, 7: 26 };
const OPEN = /\[(b|i|u|size|quote|attach)(?:=("[^"\]]*"|[^\]]*)|\s+([^\]]*))?\]/i;

/** XF\BbCode\Renderer\Html for the tags Adjutant and its players write; `attachment(id)` names an attachment's file, when there is one. */
export function bbCode(src: string, attachment: (id: number) => string | undefined): string {
  const text = (s: string) => esc(s).replace(/\r?\n/g, '<br />\n');
  let out = '';
  let rest = src;
  for (let open = OPEN.exec(rest); open; open = OPEN.exec(rest)) {
    const tag = open[1].toLowerCase();
    const after = rest.slice(open.index + open[0].length);
    const close = closing(after, tag);
    if (close < 0) {
      out += text(rest.slice(0, open.index + open[0].length));
      rest = after;
      continue;
    }
    out += text(rest.slice(0, open.index));
    const inner = after.slice(0, close);
    rest = after.slice(close + `[/${tag}]`.length);
    const option = (open[2] ?? '').replace(/^"|"$/g, '');
    const render = () => bbCode(inner, attachment);
    if (tag === 'b' || tag === 'i' || tag === 'u') out += `<${tag}>${render()}</${tag}>`;
    else if (tag === 'size') {
      const px = SIZES[option] ?? (/^(\d+)px$/i.exec(option) ? Number(option.slice(0, -2)) : undefined);
      out += px ? `<span style="font-size: ${px}px">${render()}</span>` : text(open[0]) + render() + text(`[/${open[1]}]`);
    } else if (tag === 'attach') out += attach(inner.trim(), /full/i.test(option + (open[3] ?? '')), attachment);
    else {
      rest = rest.replace(/^\r?\n/, '');
      out += quote(option, bbCode(inner.replace(/^\r?\n|\r?\n$/g, ''), attachment));
    }
  }
  return out + text(rest);
}

/** Where the tag's matching close is in `s` (same tags nest), or -1. */
function closing(s: string, tag: string): number {
  const re = new RegExp(`\\[(/?)${tag}(?:[=\\s][^\\]]*)?\\]`, 'gi');
  let depth = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (!m[1]) depth++;
    else if (depth-- === 0) return m.index;
  }
  return -1;
}

function attach(idText: string, full: boolean, attachment: (id: number) => string | undefined): string {
  const id = Number(idText);
  const name = /^\d+$/.test(idText) ? attachment(id) : undefined;
  if (!name) return `<a href="/attachments/${esc(idText)}/">View attachment ${esc(idText)}</a>`;
  const src = `/attachments/${slug(name)}.${id}/`;
  if (!full)
    return `<a href="${src}" target="_blank"><img src="/data/attachments/0/${id}-thumb.jpg" class="bbImage" alt="${esc(name)}" title="${esc(name)}" loading="lazy" /></a>`;
  return `<div class="bbImageWrapper  js-lbImage" title="${esc(name)}" data-src="${src}" data-lb-sidebar-href="" data-lb-caption-extra-html="" data-single-image="1"><img src="${src}" data-url="" class="bbImage" data-zoom-target="1" style="" alt="${esc(name)}" title="${esc(name)}" loading="lazy" /></div>`;
}

function quote(option: string, content: string): string {
  const [name, ...parts] = option.split(',').map((s) => s.trim());
  const source = parts.find((p) => /^(post|convMessage):/.test(p));
  const others = parts.filter((p) => p !== source).join(', ');
  const postId = /^post:\s*(\d+)/.exec(source ?? '')?.[1];
  const said = name ? `${esc(name)} said:` : '';
  const title = said && (postId ? `<a href="/goto/post?id=${postId}" class="bbCodeBlock-sourceJump" rel="nofollow">${said}</a>` : said);
  const attrs = name ? ` data-attributes="${esc(others)}" data-quote="${esc(name)}" data-source="${esc(source ?? '')}"` : '';
  return `<blockquote${attrs} class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch">${title ? `<div class="bbCodeBlock-title">${title}</div>` : ''}<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent ">${content}</div><div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">Click to expand...</a></div></div></blockquote>`;
}

/** thread_view's status block of a locked thread. */
export function lockedStatus(): string {
  return `<div class="block-outer"><dl class="blockStatus"><dt>Status</dt>
<dd class="blockStatus-message blockStatus-message--locked">Not open for further replies.</dd></dl></div>`;
}

/** thread_view's quick reply, with the attach button for a member who may attach files. */
export function quickReply(threadPath: string, threadId: number, csrf: string, canAttach: boolean): string {
  const hash = createHash('md5').update(`${threadId}${csrf}`).digest('hex');
  const attach = canAttach
    ? `<a href="/attachments/upload?type=post&amp;context[thread_id]=${threadId}&amp;hash=${hash}" class="button--link js-attachmentUpload button button--icon button--icon--attach" target="_blank" data-accept="."><span class="button-text">Attach files</span></a>`
    : '';
  return `<form action="${threadPath}add-reply" method="post" class="block js-quickReply" data-xf-init="attachment-manager quick-reply ajax-submit" data-message-container="div[data-type=post] .js-replyNewMessageContainer">
<input type="hidden" name="_xfToken" value="${csrf}" /><div class="block-container"><div class="block-body"><div class="message message--quickReply block-topRadiusContent block-bottomRadiusContent">
<div class="message-inner"><div class="message-cell message-cell--main"><div class="message-editorWrapper"><textarea name="message" class="input js-editor" rows="5"></textarea>
<div class="formButtonGroup"><div class="formButtonGroup-primary"><button type="submit" class="button--primary button button--icon button--icon--reply"><span class="button-text">Post reply</span></button></div>
<div class="formButtonGroup-extra">${attach}</div></div><input type="hidden" name="attachment_hash" value="${hash}" /></div></div></div></div></div></div></form>`;
}

/** fnUserBanners in member_view: the staff banner of a staff member. */
export function banners(staff: boolean): string {
  return staff
    ? `<div class="memberHeader-banners"><em class="userBanner userBanner--staff" dir="auto"><span class="userBanner-before"></span><strong>Staff member</strong><span class="userBanner-after"></span></em></div>`
    : '';
}
