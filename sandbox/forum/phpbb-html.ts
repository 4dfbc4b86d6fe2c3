// The HTML a phpBB 3.3 board's prosilver pages are made of, for the member's pages
// (phpbb-pages.ts, phpbb-private.ts), in the shapes of phpBB's own templates
// (styles/prosilver/template/ on the 3.3.x branch):
// - navbar_header.html: logged in, li#username_logged_in with the a.header-avatar link to the
//   member's profile (U_PROFILE: memberlist.php?mode=viewprofile&u=<id>) holding the name, and the
//   logout link ucp.php?mode=logout&sid=<sid>; logged out, the "Login" link (ucp.php?mode=login).
// - login_body.html: form#login with username, password, autologin, viewonline, the redirect and
//   sid hidden fields (S_LOGIN_REDIRECT, S_HIDDEN_FIELDS), S_FORM_TOKEN_LOGIN (add_form_key('login'):
//   creation_time and form_token), the login submit; div.error with LOGIN_ERROR; the CAPTCHA's
//   confirm_code field once the login attempts are used up (S_CONFIRM_CODE).
// - viewtopic_body.html: h2.topic-title linking viewtopic.php?t=<id>; the action bar's reply
//   button (S_DISPLAY_REPLY_INFO: the member has f_reply), which in a locked topic (S_IS_LOCKED)
//   reads BUTTON_TOPIC_LOCKED "Locked" with the fa-lock icon and TOPIC_LOCKED as its title; the
//   quick-mod tools (div#quickmod, QUICK_MOD) shown to the forum's moderators (S_TOPIC_MOD); each
//   post a div#p<id>.post (class "deleted" when soft-deleted), its p.author with the POST_AUTHOR_FULL link
//   (memberlist.php?mode=viewprofile&u=<id>, a.username) and <time datetime=RFC3339>, the
//   unapproved or deleted p.post-notice shown to moderators, div.content with the message, and
//   dl.attachbox with the post's attachments, div.notice with EDITED_MESSAGE ("Last edited by X on <date>, edited N times in total.");
//   div.pagination with TOTAL_POSTS and pagination.html (li.active span the current page, li a.button the others).
// - posting_body.html / posting_editor.html: form#postform with p.error (ERROR), the topic
//   review shown when posts were made since the form was served (posting_topic_review.html), subject, the
//   message textarea, S_HIDDEN_FIELDS (topic_cur_post_id, lastclick, creation_time, form_token) and
//   the post submit; where the member may attach files, the multipart form's attachment panel
//   (posting_attach_body.html: fileupload, add_file "Add the file", filecomment) and each file added
//   as hidden attachment_data[<n>][<key>] fields (functions_posting.php posting_gen_attachment_entry);
//   the PM compose form is the same editor with S_HIDDEN_ADDRESS_FIELD
//   (build_address_field: address_list[u][<id>]=to).
// - message_body.html: div#message.panel with h2.message-title and the message (trigger_error).
// - memberlist_view.html: h2.memberlist-title, the dl of details with "Username:" and its <span>,
//   the "Search user's posts" link (search.php?author_id=<id>&sr=posts).
// - ucp_pm_viewfolder.html: li.row per message, a.topictitle linking ucp.php?i=pm&f=<folder>&p=<id>,
//   "by <author> » <date>"; ucp_pm_viewmessage.html: div#post-<id>.post.pm, h3.first subject,
//   p.author with "Sent:" SENT_DATE and "From:" MESSAGE_AUTHOR_FULL, div.content.
// Dates are shown in the board's default format (default_dateformat "D M d, Y g:i a", UTC).
import { esc, type BoardMessage, type BoardPost } from './phpbb-board.ts';

export interface Viewer {
  userId: number;
  name: string;
  sid: string;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** phpBB's default_dateformat "D M d, Y g:i a" in UTC. */
export function boardDate(unix: number): string {
  const d = new Date(unix * 1000);
  const hour = d.getUTCHours() % 12 || 12;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${pad(d.getUTCDate())}, ${d.getUTCFullYear()} ${hour}:${pad(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'am' : 'pm'}`;
}

const rfc3339 = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', '+00:00');
export const profileLink = (userId: number, name: string) => `<a href="./memberlist.php?mode=viewprofile&amp;u=${userId}" class="username">${esc(name)}</a>`;

export function shell(title: string, body: string, viewer?: Viewer): string {
  const nav = viewer
    ? `<li id="username_logged_in" class="rightside" data-skip-responsive="true"><div class="header-profile dropdown-container">
<a href="./memberlist.php?mode=viewprofile&amp;u=${viewer.userId}" class="header-avatar dropdown-trigger"> ${esc(viewer.name)}</a>
<div class="dropdown"><ul class="dropdown-contents" role="menu"><li><a href="./ucp.php?mode=logout&amp;sid=${viewer.sid}" title="Logout [ ${esc(viewer.name)} ]" accesskey="x" role="menuitem"><span>Logout [ ${esc(viewer.name)} ]</span></a></li></ul></div></div></li>`
    : `<li class="rightside" data-skip-responsive="true"><a href="./ucp.php?mode=login&amp;redirect=index.php" title="Login" accesskey="x" role="menuitem"><span>Login</span></a></li>`;
  return `<!DOCTYPE html>
<html dir="ltr" lang="en-gb"><head><meta charset="utf-8" /><title>${esc(title)} - Board</title></head>
<body id="phpbb" class="nojs notouch section-index ltr "><div id="wrap" class="wrap">
<div class="navbar" role="navigation"><ul id="nav-main" class="nav-main linklist" role="menubar">${nav}</ul></div>
<div id="page-body" class="page-body" role="main">
${body}
</div></div></body></html>`;
}

export function messagePage(title: string, text: string, viewer?: Viewer): string {
  return shell(title, `<div class="panel" id="message"><div class="inner"><h2 class="message-title">${esc(title)}</h2><p>${text}</p></div></div>`, viewer);
}

export function loginPage(hidden: Record<string, string>, error?: string, captcha = false): string {
  return shell(
    'Login',
    `<form action="./ucp.php?mode=login" method="post" id="login" data-focus="username"><div class="panel"><div class="inner"><div class="content">
<h2 class="login-title">Login</h2>
<fieldset class="fields1">${error ? `<div class="error">${error}</div>` : ''}
<dl><dt><label for="username">Username:</label></dt><dd><input type="text" tabindex="1" name="username" id="username" size="25" value="" class="inputbox autowidth" autocomplete="username" /></dd></dl>
<dl><dt><label for="password">Password:</label></dt><dd><input type="password" tabindex="2" id="password" name="password" size="25" class="inputbox autowidth" autocomplete="current-password" /></dd></dl>
${captcha ? '<dl><dt><label for="confirm_code">Confirmation code:</label></dt><dd><input type="text" name="confirm_code" id="confirm_code" size="8" maxlength="8" class="inputbox narrow" /></dd></dl>' : ''}
<dl><dt>&nbsp;</dt><dd><label for="autologin"><input type="checkbox" name="autologin" id="autologin" tabindex="4" /> Remember me</label></dd><dd><label for="viewonline"><input type="checkbox" name="viewonline" id="viewonline" tabindex="5" /> Hide my online status this session</label></dd></dl>
${hiddenFields(hidden)}
<dl><dt>&nbsp;</dt><dd><input type="submit" name="login" tabindex="6" value="Login" class="button1" /></dd></dl>
</fieldset></div></div></div></form>`,
  );
}

export function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}" />`)
    .join('\n');
}

export function pagination(total: number, perPage: number, start: number, url: string): string {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.floor(start / perPage) + 1;
  const noun = `${total} ${total === 1 ? 'post' : 'posts'}`;
  if (pages === 1) return `<div class="pagination">${noun} &bull; Page <strong>1</strong> of <strong>1</strong></div>`;
  const items = Array.from({ length: pages }, (_, i) =>
    i + 1 === current
      ? `<li class="active"><span>${i + 1}</span></li>`
      : `<li><a class="button" href="${url}&amp;start=${i * perPage}" role="button">${i + 1}</a></li>`,
  );
  return `<div class="pagination">${noun}<ul>${items.join('\n')}</ul></div>`;
}

/** A post as viewtopic shows it, its author by their name now (the users table), which the feed does not. */
export function postRow(p: BoardPost, authorName: string): string {
  const notice =
    p.visibility === 'unapproved'
      ? '<p class="post-notice unapproved"><i class="icon fa-question icon-red fa-fw" aria-hidden="true"></i><strong>This post is waiting for approval.</strong></p>'
      : p.visibility === 'deleted'
        ? '<p class="post-notice deleted"><strong>This post was soft deleted.</strong></p>'
        : '';
  const edited = p.editCount
    ? `<div class="notice">Last edited by ${profileLink(p.userId, authorName)} on ${boardDate(p.editTime)}, edited ${p.editCount} ${p.editCount === 1 ? 'time' : 'times'} in total.</div>`
    : '';
  return `<div id="p${p.id}" class="post has-profile bg2${p.visibility === 'deleted' ? ' deleted' : ''}"><div class="inner">
<dl class="postprofile" id="profile${p.id}"><dt class="has-profile-rank">${profileLink(p.userId, authorName)}</dt></dl>
<div class="postbody"><div id="post_content${p.id}">
<h3><a href="./viewtopic.php?p=${p.id}#p${p.id}">Re: Game thread</a></h3>
<p class="author"><a class="unread" href="./viewtopic.php?p=${p.id}#p${p.id}" title="Post"><span class="sr-only">Post</span></a><span class="responsive-hide">by <strong>${profileLink(p.userId, authorName)}</strong> &raquo; </span><time datetime="${rfc3339(p.time)}">${boardDate(p.time)}</time></p>
${notice}
<div class="content">${p.html}</div>
${attachbox(p.attachments)}
${edited}
</div></div></div></div>`;
}

/** viewtopic_body.html's dl.attachbox, each image shown inline (attachment.html). */
function attachbox(ids: number[]): string {
  if (!ids.length) return '';
  const files = ids.map((id) => `<dl class="file"><dt class="attach-image"><img class="postimage" src="./download/file.php?id=${id}" alt="" /></dt></dl>`);
  return `<dl class="attachbox"><dt>Attachments</dt><dd>${files.join('')}</dd></dl>`;
}

/** What the topic's action bars show the member: the reply button, the topic locked, the moderator's tools. */
export interface TopicTools {
  reply: boolean;
  locked: boolean;
  moderator: boolean;
}

export function topicPage(topicId: number, rows: string, nav: string, viewer: Viewer | undefined, tools: TopicTools): string {
  const reply = !tools.reply
    ? ''
    : tools.locked
      ? `<a href="./posting.php?mode=reply&amp;t=${topicId}" class="button" title="This topic is locked, you cannot edit posts or make further replies."><span>Locked</span> <i class="icon fa-lock fa-fw" aria-hidden="true"></i></a>`
      : `<a href="./posting.php?mode=reply&amp;t=${topicId}" class="button" title="Post a reply"><span>Post Reply</span> <i class="icon fa-reply fa-fw" aria-hidden="true"></i></a>`;
  const quickmod = tools.moderator
    ? `<div class="quickmod dropdown-container dropdown-container-left dropdown-up dropdown-right dropdown-button-control" id="quickmod"><span title="Quick-mod tools" class="button button-secondary dropdown-trigger dropdown-select"><i class="icon fa-gavel fa-fw" aria-hidden="true"></i><span class="sr-only">Quick-mod tools</span></span>
<div class="dropdown"><ul class="dropdown-contents"><li><a href="./mcp.php?t=${topicId}&amp;action=${tools.locked ? 'unlock' : 'lock'}">${tools.locked ? 'Unlock' : 'Lock'} topic</a></li></ul></div></div>`
    : '';
  return shell(
    'Game thread',
    `<h2 class="topic-title"><a href="./viewtopic.php?t=${topicId}">Game thread</a></h2>
<div class="action-bar bar-top">${reply}</div>
${nav}
${rows}
<div class="action-bar bar-bottom">${reply}${quickmod}</div>
${nav}`,
    viewer,
  );
}

/** The posting editor: a reply, an edit, or a private message (with its recipients' hidden fields). */
export interface EditorFields {
  subject: string;
  message: string;
  hidden: Record<string, string>;
  error?: string;
  review?: boolean;
  /** The member may attach files here (f_attach): the attachment panel, with the files added so far (attachment_data). */
  attach?: { rows: Array<Record<string, string>> };
}

export function editorPage(action: string, fields: EditorFields, viewer: Viewer): string {
  return shell(
    'Post a reply',
    `<form id="postform" method="post" action="${esc(action)}"${fields.attach ? ' enctype="multipart/form-data"' : ''}>
<div class="panel" id="postingbox"><div class="inner"><fieldset class="fields1">
${fields.error ? `<p class="error">${fields.error}</p>` : ''}
${fields.review ? '<h3>Topic review</h3><p>At least one new post has been made to this topic. You may wish to review your post in light of this.</p>' : ''}
<dl style="clear: left;"><dt><label for="subject">Subject:</label></dt><dd><input type="text" name="subject" id="subject" size="45" maxlength="124" tabindex="2" value="${esc(fields.subject)}" class="inputbox autowidth" /></dd></dl>
<div id="message-box" class="message-box"><textarea name="message" id="message" rows="15" cols="76" tabindex="4" class="inputbox">${esc(fields.message)}</textarea></div>
</fieldset></div></div>
${fields.attach ? attachPanel(fields.attach.rows) : ''}
<div class="panel bg2"><div class="inner"><fieldset class="submit-buttons">
${hiddenFields(fields.hidden)}
<input type="submit" tabindex="5" name="preview" value="Preview" class="button1" />&nbsp;
<input type="submit" accesskey="s" tabindex="6" name="post" value="Submit" class="button1 default-submit-action" />&nbsp;
</fieldset></div></div></form>`,
    viewer,
  );
}

/** posting_attach_body.html, and posting_gen_attachment_entry's hidden fields for each file added. */
function attachPanel(rows: Array<Record<string, string>>): string {
  const files = rows.map(
    (row, i) =>
      `<tr class="attach-row"><td class="attach-name"><span class="file-name">${esc(row.real_filename ?? '')}</span></td><td>${hiddenFields(
        Object.fromEntries(Object.entries(row).map(([k, v]) => [`attachment_data[${i}][${k}]`, v])),
      )}</td></tr>`,
  );
  return `<div class="panel bg3" id="attach-panel"><div class="inner"><fieldset class="fields2" id="attach-panel-basic">
<dl><dt><label for="fileupload">Filename:</label></dt><dd><input type="file" accept=".gif,.png,.jpeg,.jpg" name="fileupload" id="fileupload" class="inputbox autowidth" /> <input type="submit" name="add_file" value="Add the file" class="button2" onclick="upload = true;" /></dd></dl>
<dl><dt><label for="filecomment">File comment:</label></dt><dd><textarea name="filecomment" id="filecomment" rows="1" cols="40" class="inputbox autowidth"></textarea></dd></dl>
</fieldset><table class="table1" id="file-list-container"><tbody id="file-list">${files.join('\n')}</tbody></table></div></div>`;
}

export function profilePage(userId: number, name: string, viewer: Viewer): string {
  return shell(
    `Viewing profile - ${name}`,
    `<h2 class="memberlist-title">Viewing profile - ${esc(name)}</h2>
<form method="post" action="./memberlist.php?mode=group" id="viewprofile"><div class="panel bg1"><div class="inner">
<dl class="left-box details profile-details"><dt>Username:</dt><dd><span>${esc(name)}</span></dd>
<dt>Total posts:</dt><dd>0 | <strong><a href="./search.php?author_id=${userId}&amp;sr=posts">Search user’s posts</a></strong></dd></dl>
</div></div></form>`,
    viewer,
  );
}

export function folderPage(folder: number, rows: Array<{ message: BoardMessage; authorName: string }>, viewer: Viewer): string {
  const items = rows.map(
    ({ message: m, authorName }) => `<li class="row bg1"><dl class="row-item pm_read"><dt><div class="list-inner">
<a href="./ucp.php?i=pm&amp;f=${folder}&amp;p=${m.id}" class="topictitle">${esc(m.subject)}</a><br />
by ${profileLink(m.authorId, authorName)} &raquo; ${boardDate(m.time)}
</div></dt><dd class="mark"><input type="checkbox" name="marked_msg_id[]" value="${m.id}" /></dd></dl></li>`,
  );
  return shell(
    'Private messages',
    `<form id="viewfolder" method="post" action="./ucp.php?i=pm&amp;mode=view&amp;f=${folder}"><div class="panel"><div class="inner">
<ul class="topiclist two-columns"><li class="header"><dl class="row-item"><dt><div class="list-inner">Message</div></dt><dd class="mark">Mark</dd></dl></li></ul>
<ul class="topiclist cplist pmlist responsive-show-all">${items.join('\n')}</ul>
</div></div></form>`,
    viewer,
  );
}

export function viewMessagePage(m: BoardMessage, authorName: string, viewer: Viewer): string {
  return shell(
    m.subject,
    `<div id="post-${m.id}" class="post pm has-profile"><div class="inner">
<dl class="postprofile" id="profile${m.id}"><dt>${profileLink(m.authorId, authorName)}</dt></dl>
<div class="postbody"><h3 class="first">${esc(m.subject)}</h3>
<p class="author"><strong>Sent:</strong> ${boardDate(m.time)}<br /><strong>From:</strong> ${profileLink(m.authorId, authorName)}</p>
<div class="content">${m.html}</div>
</div></div></div>`,
    viewer,
  );
}
