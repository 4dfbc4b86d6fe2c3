// What a member reads on a XenForo 2 board's own pages: the visitor and the form token every page
// carries (<html data-logged-in data-csrf>, the navigation's avatar with the visitor's user id),
// the posts of a thread page (post_macros: article.message--post, data-content="post-<id>", the
// author's data-user-id, the post's <time data-time>, "Last edited" when the board shows it; shown
// to a moderator, an unapproved post's .messageNotice--moderated and a deleted post's <div> from
// post_deleted), the
// conversations of the inbox (conversation_list: .structItem--conversation) and the messages of
// one (conversation_message_macros: article.message--conversationMessage, #convMessage-<id>), the
// page navigation (.pageNav-page--current, the last .pageNav-page), a member's profile with its
// banners (XF\Template\Templater::fnUserBanners: .userBanner--staff for staff, when the board shows
// staff banners, as installed), and what a thread page lets the visitor do (thread_view: the
// locked thread's .blockStatus-message--locked "Not open for further replies."; the quick reply
// form, form.js-quickReply, only for a visitor who may reply; its "Attach files" button,
// .js-attachmentUpload, only for one who may attach).
// XenForo 2.3 writes data-timestamp where 2.2 writes data-time; both are read.
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { convert } from 'html-to-text';
import { HTML_OPTIONS, MAX_HTML, visibleHtml } from '../../../orders/html-text.ts';
import type { ForumUser } from '../base/forum-adapter.ts';
import type { BoardPost, ConversationRow, Paged } from './xenforo-access.ts';

export interface Visitor {
  loggedIn: boolean;
  /** The form token (_xfToken) of this page. */
  csrf: string;
  /** The visitor's user id and name, when logged in. */
  userId?: string;
  name?: string;
}

export function visitorOf(html: string): Visitor {
  const $ = cheerio.load(html);
  const root = $('html');
  const loggedIn = root.attr('data-logged-in') === 'true';
  const link = $('.p-navgroup-link--user').first();
  const userId = link.find('[data-user-id]').first().attr('data-user-id');
  const name = link.attr('title') ?? link.find('.p-navgroup-linkText').text().trim();
  return { loggedIn, csrf: root.attr('data-csrf') ?? '', ...(loggedIn && userId && { userId, name }) };
}

export function threadPage(html: string): Paged<BoardPost> {
  const $ = cheerio.load(html);
  // A post a moderator deleted is shown to moderators as a <div> of its own (post_deleted), with no body.
  const items = $('.message--post')
    .toArray()
    .map((el) => pagePost($, el, /^post-(\d+)$/.exec($(el).attr('data-content') ?? '')?.[1]));
  return { items: items.filter((p): p is BoardPost => !!p), ...pagesOf($) };
}

export function conversationPage(html: string): Paged<BoardPost> {
  const $ = cheerio.load(html);
  const items = $('article.message--conversationMessage')
    .toArray()
    .map((el) => pagePost($, el, /^convMessage-(\d+)$/.exec($(el).find('.u-anchorTarget').first().attr('id') ?? '')?.[1]));
  return { items: items.filter((p): p is BoardPost => !!p), ...pagesOf($) };
}

export function conversationList(html: string): Paged<ConversationRow> {
  const $ = cheerio.load(html);
  const items: ConversationRow[] = [];
  for (const el of $('.structItem--conversation').toArray()) {
    const row = $(el);
    const title = row.find('.structItem-title').first();
    const id = idInPath(title.attr('href') ?? title.find('a').attr('href'));
    const starter = row.find('.structItem-parts .username').first();
    if (!id) continue;
    items.push({
      id,
      title: title.text().trim(),
      starter: { id: starter.attr('data-user-id') ?? '0', name: starter.text().trim() },
      lastAt: timeOf(row.find('.structItem-cell--latest time').first()) ?? 0,
    });
  }
  return { items, ...pagesOf($) };
}

/** Whether a member's profile shows the staff banner. */
export function showsStaff(html: string): boolean {
  return cheerio.load(html)('.memberHeader .userBanner--staff').length > 0;
}

/** What a thread page lets the visitor do. */
export function threadAccess(html: string): { open: boolean; canReply: boolean; canAttach: boolean } {
  const $ = cheerio.load(html);
  const reply = $('form.js-quickReply');
  return { open: $('.blockStatus-message--locked').length === 0, canReply: reply.length > 0, canAttach: reply.find('.js-attachmentUpload').length > 0 };
}

/** The member a profile page is about. */
export function memberOf(html: string): ForumUser | null {
  const $ = cheerio.load(html);
  const name = $('.memberHeader-name .username').first();
  const id = name.attr('data-user-id');
  return id && id !== '0' ? { id, name: name.text().trim() } : null;
}

/** The board's words on an error page (a block message), for the GM. */
export function errorOf(html: string): string | undefined {
  const $ = cheerio.load(html);
  return $('.blockMessage--error, .blockMessage').first().text().trim().replace(/\s+/g, ' ') || undefined;
}

/** The numeric id at the end of a XenForo address part: "/conversations/orders.702/" or "/conversations/702/". */
export function idInPath(href: string | undefined): string | undefined {
  return href ? /[./](\d+)\/?(?:[?#].*)?$/.exec(href.replace(/\/(unread|page-\d+)\/?$/, '/'))?.[1] : undefined;
}

function pagePost($: cheerio.CheerioAPI, el: AnyNode, id: string | undefined): BoardPost | null {
  const post = $(el);
  const author = post.find('.message-name .username').first();
  const body = post.find('.message-body .bbWrapper').first();
  const postedAt = timeOf(post.find('.message-attribution time').first());
  if (!id || postedAt === undefined) return null;
  const editedAt = timeOf(post.find('.message-lastEdit time').first());
  const hidden = /\bmessage--deleted\b/.test(post.attr('class') ?? '') || post.find('.messageNotice--deleted, .messageNotice--moderated').length > 0;
  return {
    id,
    author: { id: author.attr('data-user-id') ?? '0', name: author.text().trim() || (post.attr('data-author') ?? '') },
    // The rendered post is bounded as an HTML email is (html-text.ts): the converter's cost grows faster than the HTML.
    text: convert(visibleHtml(body.html() ?? '', MAX_HTML), HTML_OPTIONS).trim(),
    postedAt: new Date(postedAt).toISOString(),
    ...(editedAt !== undefined && { editedAt: new Date(editedAt).toISOString() }),
    standing: !hidden,
  };
}

function timeOf(time: cheerio.Cheerio<AnyNode>): number | undefined {
  const unix = time.attr('data-time') ?? time.attr('data-timestamp');
  if (unix && /^\d+$/.test(unix)) return Number(unix) * 1000;
  const iso = time.attr('datetime');
  return iso && !Number.isNaN(Date.parse(iso)) ? Date.parse(iso) : undefined;
}

function pagesOf($: cheerio.CheerioAPI): { page: number; lastPage: number } {
  const numbers = $('.pageNav-main .pageNav-page')
    .toArray()
    .map((li) => Number($(li).text().trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const current = Number($('.pageNav-main .pageNav-page--current').first().text().trim());
  return { page: current > 0 ? current : 1, lastPage: Math.max(1, ...numbers) };
}
