// What a member reads on a phpBB 3.3 board's prosilver pages (styles/prosilver/template/): the
// visitor (navbar_header.html: li#username_logged_in with the a.header-avatar link to the member's
// profile, memberlist.php?mode=viewprofile&u=<id>), the login form's outcome (login_body.html:
// div.error, the CAPTCHA's confirm_code once the attempts are used up), a form's fields and error
// (posting_editor.html: form#postform, p.error), the message a script ends with (message_body.html:
// div#message), the posts of a topic page (viewtopic_body.html: div#p<id>.post, p.author with the
// author's profile link and <time datetime>, the moderator's p.post-notice for an unapproved or
// deleted post, div.content; pagination.html), what the topic lets the member do (viewtopic_body.html's
// action bars: the reply button, S_DISPLAY_REPLY_INFO, which reads "Locked" with the fa-lock icon in
// a locked topic, S_IS_LOCKED; the quick-mod tools, div#quickmod, shown to the forum's moderators,
// S_TOPIC_MOD), a profile (memberlist_view.html), and the private
// messages of a folder and one message (ucp_pm_viewfolder.html, ucp_pm_viewmessage.html).
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { convert } from 'html-to-text';
import { HTML_OPTIONS, MAX_HTML, visibleHtml } from '../../../orders/html-text.ts';
import type { ForumUser, ThreadPost } from '../base/forum-adapter.ts';

/** A post as a topic page shows it; `standing` is false for one unapproved or soft-deleted (shown to moderators only). */
export type PagePost = ThreadPost & { standing: boolean };

export interface TopicPage {
  posts: PagePost[];
  topicId: number;
  page: number;
  lastPage: number;
  /** Posts a page (the board's posts_per_page), read from the pagination's links. */
  perPage: number;
}

export interface PageForm {
  /** Where the form posts, relative to the board. */
  action: string;
  /** Its hidden and text fields as served. */
  fields: Record<string, string>;
  /** The board's error above the form (p.error), when it refused a submission. */
  error?: string;
  /** Whether the form takes files (its attachment panel's fileupload: the member may attach files here). */
  attaches: boolean;
}

export interface FolderRow {
  id: string;
  subject: string;
}

const userIdIn = (href: string | undefined) => /[?&](?:amp;)?u=(\d+)/.exec(href ?? '')?.[1];
const text = (el: cheerio.Cheerio<AnyNode>) => el.text().trim().replace(/\s+/g, ' ');
const rendered = (html: string | null) => convert(visibleHtml(html ?? '', MAX_HTML), HTML_OPTIONS).trim();

/** The logged-in member, or null when the page was served to a guest. */
export function visitorOf(html: string): ForumUser | null {
  const link = cheerio.load(html)('#username_logged_in a.header-avatar').first();
  const id = userIdIn(link.attr('href'));
  return id ? { id, name: text(link) } : null;
}

/** The board's words on the login form after a refused login, and whether it now asks for a CAPTCHA. */
export function loginRefusal(html: string): { error?: string; captcha: boolean } | null {
  const $ = cheerio.load(html);
  const form = $('form#login');
  if (!form.length) return null;
  const error = text(form.find('.error').first()) || undefined;
  return { error, captcha: form.find('[name="confirm_code"]').length > 0 || /CAPTCHA/i.test(error ?? '') };
}

/** A form (the posting editor's #postform, or the login form) with its fields, or null where the page has none. */
export function formOf(html: string, selector = 'form#postform'): PageForm | null {
  const $ = cheerio.load(html);
  const form = $(selector).first();
  if (!form.length) return null;
  const fields: Record<string, string> = {};
  for (const input of form.find('input[type="hidden"], input[type="text"]').toArray()) {
    const name = $(input).attr('name');
    if (name) fields[name] = $(input).attr('value') ?? '';
  }
  const error = form.find('p.error').first();
  return {
    action: (form.attr('action') ?? '').replace(/^\.\//, ''),
    fields,
    ...(error.length && { error: text(error) }),
    attaches: form.find('input[type="file"][name="fileupload"]').length > 0,
  };
}

/** The message a script ended with (trigger_error), as the board words it. */
export function messageOf(html: string): string | undefined {
  return text(cheerio.load(html)('#message p').first()) || undefined;
}

/** The link to a private message in a page (the "view your message" link after sending one). */
export function messageLinkIn(html: string): string | undefined {
  const $ = cheerio.load(html);
  const href = $('#message a[href*="i=pm"]').first().attr('href');
  return /[?&](?:amp;)?p=(\d+)/.exec(href ?? '')?.[1];
}

export function topicPage(html: string): TopicPage {
  const $ = cheerio.load(html);
  const posts = $('div.post[id^="p"]')
    .toArray()
    .map((el) => pagePost($, el))
    .filter((p): p is PagePost => !!p);
  const topicId = Number(/[?&](?:amp;)?t=(\d+)/.exec($('h2.topic-title a').first().attr('href') ?? '')?.[1] ?? 0);
  return { posts, topicId, ...pagesOf($) };
}

/** What a topic page shows the member may do: reply (the reply button; null where the page shows none, so whether the topic is locked is not shown), and moderate the forum. */
export function topicAccess(html: string): { locked: boolean | null; moderates: boolean } {
  const $ = cheerio.load(html);
  const reply = $('.action-bar a.button[href*="mode=reply"]').first();
  return { locked: reply.length ? reply.find('i.fa-lock').length > 0 : null, moderates: $('#quickmod').length > 0 };
}

/** The member a profile page is about: the user id from its links (search.php?author_id=, or a u= link), the name from "Username:". */
export function profileOf(html: string): ForumUser | null {
  const $ = cheerio.load(html);
  const details = $('form#viewprofile');
  const name = details
    .find('dt')
    .filter((_, dt) => /^Username/i.test(text($(dt))))
    .first()
    .next('dd');
  const search = /[?&](?:amp;)?author_id=(\d+)/.exec(details.find('a[href*="author_id="]').first().attr('href') ?? '')?.[1];
  const id = search ?? userIdIn(details.find('a[href*="u="]').first().attr('href'));
  return id && name.length ? { id, name: text(name) } : null;
}

/** The messages of a private message folder, newest first, with the folder's pages. */
export function folderPage(html: string): { rows: FolderRow[]; page: number; lastPage: number; perPage: number } {
  const $ = cheerio.load(html);
  const rows = $('li.row a.topictitle')
    .toArray()
    .flatMap((a) => {
      const id = /[?&](?:amp;)?p=(\d+)/.exec($(a).attr('href') ?? '')?.[1];
      return id ? [{ id, subject: text($(a)) }] : [];
    });
  return { rows, ...pagesOf($) };
}

/** One private message as its page shows it, or null when the board does not show it. */
export function privateOf(html: string): (ThreadPost & { title: string }) | null {
  const $ = cheerio.load(html);
  const post = $('div.post.pm[id^="post-"]').first();
  const id = /^post-(\d+)$/.exec(post.attr('id') ?? '')?.[1];
  if (!id) return null;
  const author = post.find('p.author a.username, p.author a[href*="mode=viewprofile"]').first();
  const sent = /Sent:\s*(.+?)\s*(?:From:|$)/.exec(text(post.find('p.author').first()))?.[1];
  return {
    id,
    title: text(post.find('h3').first()),
    author: { id: userIdIn(author.attr('href')) ?? '0', name: text(author) },
    text: rendered(post.find('div.content').first().html()),
    postedAt: new Date(boardDate(sent) ?? Date.now()).toISOString(),
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date as phpBB shows it with its default format ("D M d, Y g:i a"), read as UTC: a private
 * message's page gives no machine-readable time. Undefined for any other format.
 */
export function boardDate(shown: string | undefined): number | undefined {
  const m = /\b([A-Za-z]{3})\w* (\d{1,2}), (\d{4}) (\d{1,2}):(\d{2}) (am|pm)\b/i.exec(shown ?? '');
  const month = m ? MONTHS.indexOf(m[1].toLowerCase()) : -1;
  if (!m || month < 0) return undefined;
  const hour = (Number(m[4]) % 12) + (m[6].toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(m[3]), month, Number(m[2]), hour, Number(m[5]));
}

function pagePost($: cheerio.CheerioAPI, el: AnyNode): PagePost | null {
  const post = $(el);
  const id = /^p(\d+)$/.exec(post.attr('id') ?? '')?.[1];
  const author = post.find('p.author a[href*="mode=viewprofile"]').first();
  const time = post.find('p.author time').first().attr('datetime');
  if (!id || !time || Number.isNaN(Date.parse(time))) return null;
  const hidden = post.hasClass('deleted') || post.find('p.post-notice.unapproved, p.post-notice.deleted').length > 0;
  return {
    id,
    author: { id: userIdIn(author.attr('href')) ?? '0', name: text(author) },
    // The rendered post is bounded as an HTML email is (html-text.ts): the converter's cost grows faster than the HTML.
    text: rendered(post.find('div.content').first().html()),
    postedAt: new Date(time).toISOString(),
    standing: !hidden,
  };
}

/** The current page (li.active) and the last (the highest page linked), and the posts a page from the links' start= offsets. */
function pagesOf($: cheerio.CheerioAPI): { page: number; lastPage: number; perPage: number } {
  const nav = $('.pagination').first();
  const current = Number(text(nav.find('li.active span').first())) || 1;
  let [lastPage, perPage] = [current, 0];
  for (const a of nav.find('li a.button').toArray()) {
    const n = Number(text($(a)));
    const start = Number(/[?&](?:amp;)?start=(\d+)/.exec($(a).attr('href') ?? '')?.[1] ?? NaN);
    if (!Number.isInteger(n) || n < 1) continue;
    lastPage = Math.max(lastPage, n);
    if (n > 1 && start > 0) perPage = start / (n - 1);
  }
  return { page: current, lastPage, perPage: perPage || 10 };
}
