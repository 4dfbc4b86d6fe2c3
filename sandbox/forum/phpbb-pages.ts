// phpBB 3.3's own pages and forms, as an ordinary member reaches them, on the local board
// (phpbb-board.ts), in the shapes of phpBB's templates (phpbb-html.ts) and its scripts:
// - ucp.php?mode=login (includes/functions.php login_box): the form, then its POST with username,
//   password, autologin, redirect, sid, login and the form key 'login'; a wrong name or password
//   shows the form again with LOGIN_ERROR_USERNAME or LOGIN_ERROR_PASSWORD; once the member's
//   attempts are used up (max_login_attempts, 3 as installed) with LOGIN_ERROR_ATTEMPTS and a CAPTCHA
//   (the `captcha` switch); logged in, a 302 to `redirect`.
// - viewtopic.php?t=<id>&start=<k> (posts_per_page, 10 as installed; a start past the last page is
//   the last page, pagination->validate_start) and viewtopic.php?p=<id> (the page holding the
//   post); a topic or post the member is not shown: 404 NO_TOPIC (msg_handler's send_status_line).
//   The game's forum is for members: a guest gets the login form (login_box, LOGIN_VIEWFORUM).
//   The page shows the reply button, "Locked" in a locked topic, and the quick-mod tools to a
//   moderator (phpbb-html.ts, topicPage).
// - posting.php?mode=reply&t=<id> and ?mode=edit&p=<id>: the editor with the form key 'posting',
//   then its POST (subject, message, post, topic_cur_post_id, creation_time, form_token): the flood
//   check (flood_interval since the member's last post: FLOOD_ERROR; edits are not checked), the
//   form key (FORM_INVALID), then the posting lock; a reply after posts made since the form was
//   served shows the form again for review (FORUM_FLAG_POST_REVIEW); posted, a 302 to
//   viewtopic.php?p=<id>#p<id> (submit_post), or, in a forum whose posts need approval, the
//   message POST_STORED_MOD; another member's post: the message USER_CANNOT_EDIT (trigger_error);
//   a reply or edit in a locked topic, by a member without m_edit: the message TOPIC_LOCKED.
//   Where the member may attach files, "Add the file" (add_file with the multipart fileupload,
//   includes/message_parser.php check_attachment_form_token and parse_attachments) keeps the file
//   as an orphan, first in the form's attachment_data, and shows the form again with a new form
//   key; an extension the board does not allow is DISALLOWED_EXTENSION; the reply takes the files
//   its attachment_data names.
// - memberlist.php?mode=viewprofile&u=<id> or &un=<name>: the profile, or 404 NO_USER.
import type { ContractRequest, Reply, Route } from './contract-server.ts';
import type { PhpbbState } from './phpbb-board.ts';
import { editorPage, type EditorFields, loginPage, messagePage, pagination, postRow, profilePage, topicPage } from './phpbb-html.ts';
import { GUEST, html, redirect, type Sessions, type Visit } from './phpbb-sessions.ts';

export const PER_PAGE = 10;
type Rows = Array<Record<string, string>>;

/** The files added so far, as the form sends them back (attachment_data[<n>][<key>]). */
function rowsOf(req: ContractRequest): Rows {
  const rows: Rows = [];
  for (const [key, value] of req.form?.entries() ?? []) {
    const m = /^attachment_data\[(\d+)\]\[(\w+)\]$/.exec(key);
    if (m) (rows[Number(m[1])] ??= {})[m[2]] = String(value);
  }
  return rows.filter(Boolean);
}
const FLOOD_ERROR = 'You cannot make another post so soon after your last.';
export const FORM_INVALID = 'The submitted form was invalid. Try submitting again.';
const LOGIN_ERROR_ATTEMPTS =
  'You exceeded the maximum allowed number of login attempts. In addition to your username and password you now also have to pass the CAPTCHA test.';

export interface PhpbbSwitches {
  captcha: { on: boolean };
  /** The forum's posts need a moderator's approval (no f_noapprove). */
  holdReplies: { on: boolean };
  /** The account moderates the forum: it is shown unapproved and soft-deleted posts. */
  moderator: { on: boolean };
  /** The topic is locked (topic_status ITEM_LOCKED): only its moderators may reply. */
  locked: { on: boolean };
  /** The member may attach files in the forum (f_attach and u_attach, attachments allowed on the board). */
  attachments: { on: boolean };
  /** flood_interval in seconds: 15 as installed, 0 here until a test sets it, so tests that post twice do not wait; and when each post was refused for it. */
  flood: { interval: number; refused: number[] };
}

export function memberPages(state: PhpbbState, sessions: Sessions, password: () => string, sw: PhpbbSwitches) {
  const lastPost = new Map<number, number>();
  // posting.php and ucp_pm_compose.php: `$current_time - $user->data['user_lastpost_time'] < intval($config['flood_interval'])`,
  // both times() in whole seconds, and a member without f_ignoreflood / u_ignoreflood refused with FLOOD_ERROR.
  const flooded = (userId: number) => {
    const seconds = (ms: number) => Math.floor(ms / 1000);
    const last = lastPost.get(userId);
    const refused = sw.flood.interval > 0 && last !== undefined && seconds(Date.now()) - seconds(last) < sw.flood.interval;
    if (refused) sw.flood.refused.push(Date.now());
    return refused;
  };
  const loginForm = (v: Visit, error?: string, captcha = false) =>
    html(loginPage({ redirect: 'index.php', sid: v.sid, ...sessions.formKey(v, 'login') }, error, captcha), v);
  const members = (fn: (req: ContractRequest, v: Visit & { viewer: NonNullable<Visit['viewer']> }) => Reply | Promise<Reply>): Route => {
    return (req) => {
      const v = sessions.visit(req);
      if (!v.viewer) return loginForm(v, 'The board requires you to be registered and logged in to view this forum.');
      return fn(req, v as Visit & { viewer: NonNullable<Visit['viewer']> });
    };
  };

  const topic = (v: Visit & { viewer: NonNullable<Visit['viewer']> }, topicId: number, start: number): Reply => {
    const shown = state.shown(topicId, sw.moderator.on);
    if (!shown.length) return html(messagePage('Information', 'The requested topic does not exist.', v.viewer), v, 404);
    const last = Math.floor((shown.length - 1) / PER_PAGE) * PER_PAGE;
    const from = Math.min(Math.max(0, Math.floor(start / PER_PAGE) * PER_PAGE), last);
    const rows = shown.slice(from, from + PER_PAGE).map((p) => postRow(p, state.nameOf(p.userId)));
    const nav = pagination(shown.length, PER_PAGE, from, `./viewtopic.php?t=${topicId}`);
    return html(topicPage(topicId, rows.join('\n'), nav, v.viewer, { reply: true, locked: sw.locked.on, moderator: sw.moderator.on }), v);
  };

  const viewtopic = members((req, v) => {
    const p = req.query.get('p');
    if (!p) return topic(v, Number(req.query.get('t')), Number(req.query.get('start') ?? 0));
    const post = state.posts.find((x) => String(x.id) === p);
    const shown = post && state.shown(post.topicId, sw.moderator.on);
    const at = shown?.findIndex((x) => x.id === post!.id) ?? -1;
    if (at < 0) return html(messagePage('Information', 'The requested topic does not exist.', v.viewer), v, 404);
    return topic(v, post!.topicId, at);
  });

  const editor = (v: Visit, action: string, fields: Omit<EditorFields, 'hidden' | 'attach'> & { extra: Record<string, string>; rows: Rows }) =>
    html(
      editorPage(
        action,
        {
          ...fields,
          hidden: { ...fields.extra, lastclick: String(Math.floor(Date.now() / 1000)), ...sessions.formKey(v, 'posting') },
          ...(sw.attachments.on && { attach: { rows: fields.rows } }),
        },
        v.viewer!,
      ),
      v,
    );

  const posting = members((req, v) => {
    const mode = req.query.get('mode');
    const own = mode === 'edit' ? state.posts.find((p) => String(p.id) === req.query.get('p')) : undefined;
    const topicId = own?.topicId ?? Number(req.query.get('t'));
    const action = `./posting.php?mode=${mode}&${mode === 'edit' ? `p=${own?.id}` : `t=${topicId}`}`;
    if (mode === 'edit' && (!own || own.userId !== v.viewer.userId))
      return html(messagePage('Information', 'You cannot edit posts in this forum.', v.viewer), v);
    if (sw.locked.on && !sw.moderator.on)
      return html(messagePage('Information', 'This topic is locked, you cannot edit posts or make further replies.', v.viewer), v);
    const latest = String(state.shown(topicId, false).at(-1)?.id ?? 0);
    const extra: Record<string, string> = mode === 'reply' ? { topic_cur_post_id: latest } : {};
    if (req.method === 'GET') return editor(v, action, { subject: 'Re: Game thread', message: own?.source ?? '', extra, rows: [] });
    const form = { subject: String(req.form?.get('subject') ?? ''), message: String(req.form?.get('message') ?? ''), extra, rows: rowsOf(req) };
    if (req.form?.has('add_file')) return addFile(req, v, action, form);
    // Posts made since the form was served: it comes back for review, not submitted, and so not checked.
    if (mode === 'reply' && req.form?.get('topic_cur_post_id') !== latest) return editor(v, action, { ...form, review: true });
    const errors = [...(mode === 'reply' && flooded(v.viewer.userId) ? [FLOOD_ERROR] : []), ...(sessions.checkForm(v, req, 'posting') ? [] : [FORM_INVALID])];
    if (errors.length) return editor(v, action, { ...form, error: errors.join('<br />') });
    if (!sessions.lockForm(req)) return editor(v, action, { ...form, error: FORM_INVALID });
    if (own) {
      state.edit(own, form.message);
      return redirect(`./viewtopic.php?p=${own.id}#p${own.id}`, v);
    }
    lastPost.set(v.viewer.userId, Date.now());
    const post = state.add(v.viewer.name, form.message, undefined, topicId, sw.holdReplies.on ? 'unapproved' : 'approved');
    for (const row of form.rows) {
      post.attachments.push(Number(row.attach_id));
      state.attachments.get(Number(row.attach_id))!.postId = post.id;
    }
    if (sw.holdReplies.on)
      return html(
        messagePage(
          'Information',
          `This message has been submitted successfully, but it will need to be approved by a moderator before it is publicly viewable. You will be notified when your post has been approved.<br /><br /><a href="./viewforum.php?f=2">Return to the forum</a>`,
          v.viewer,
        ),
        v,
      );
    return redirect(`./viewtopic.php?p=${post.id}#p${post.id}`, v);
  });

  // message_parser::parse_attachments: the file kept as an orphan, first in attachment_data, and the form shown again.
  const addFile = async (req: ContractRequest, v: Visit, action: string, form: Parameters<typeof editor>[2]): Promise<Reply> => {
    if (!sessions.checkForm(v, req, 'posting')) return editor(v, action, { ...form, error: FORM_INVALID });
    const file = req.form?.get('fileupload');
    if (!(file instanceof File)) return editor(v, action, { ...form, error: 'No file specified.' });
    const extension = /\.(\w+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!['gif', 'png', 'jpeg', 'jpg'].includes(extension)) return editor(v, action, { ...form, error: `The extension ${extension} is not allowed.` });
    const id = state.attachments.size + 1;
    state.attachments.set(id, { id, filename: file.name, data: Buffer.from(await file.arrayBuffer()) });
    const row = { attach_id: String(id), is_orphan: '1', real_filename: file.name, attach_comment: '', filesize: String(file.size) };
    return editor(v, action, { ...form, rows: [row, ...form.rows] });
  };

  const login: Route = (req) => {
    const v = sessions.visit(req);
    if (req.method === 'GET') return loginForm(v);
    if (sw.captcha.on) return loginForm(v, LOGIN_ERROR_ATTEMPTS, true);
    const name = String(req.form?.get('username') ?? '');
    const given = String(req.form?.get('password') ?? '');
    if (given && !sessions.checkForm(v, req, 'login')) return loginForm(v, FORM_INVALID);
    const member = state.find(name);
    if (!member || member[1] === GUEST)
      return loginForm(
        v,
        'You have specified an incorrect username. Please check your username and try again. If you continue to have problems please contact the Board Administrator.',
      );
    if (given !== password())
      return loginForm(
        v,
        'You have specified an incorrect password. Please check your password and try again. If you continue to have problems please contact the Board Administrator.',
      );
    sessions.logIn(v, member[1], req.form?.get('autologin') === 'on');
    return redirect(`./${String(req.form?.get('redirect') ?? 'index.php').replace(/^\.?\//, '')}`, v);
  };

  const index: Route = (req) => {
    const v = sessions.visit(req);
    return html(messagePage('Board index', 'Welcome.', v.viewer), v);
  };

  const memberlist = members((req, v) => {
    const u = req.query.get('u');
    const found = u ? [...state.members].find(([, id]) => String(id) === u) : state.find(req.query.get('un') ?? '');
    if (!found) return html(messagePage('Information', 'The requested user does not exist.', v.viewer), v, 404);
    return html(profilePage(found[1], found[0], v.viewer), v);
  });

  return { viewtopic, posting, login, index, memberlist, members, lastPost, flooded, FLOOD_ERROR };
}
