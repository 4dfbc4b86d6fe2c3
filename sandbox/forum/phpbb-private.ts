// phpBB 3.3's private messages, as an ordinary member reaches them on the local board
// (includes/ucp/ucp_pm.php, ucp_pm_compose.php, ucp_pm_viewfolder.php, ucp_pm_viewmessage.php):
// - ucp.php?i=pm&mode=compose: the editor with the form key 'ucp_pm_compose'; with
//   action=reply&p=<id>, the message's author already in the hidden address fields. Its POST
//   (subject, message, post, address_list[u][<id>]=to, creation_time, form_token): the form key
//   (FORM_INVALID), the flood check on the member's last post time (FLOOD_ERROR), no recipient
//   (NO_RECIPIENT); sent, the message MESSAGE_STORED with the link ucp.php?i=pm&mode=view&p=<id>.
//   A reply's root_level is its conversation's first message.
// - ucp.php?i=pm&folder=inbox|sentbox|outbox (f=0, -1, -2): the folder's messages, newest first,
//   topics_per_page (25) a page with `start`; the author's copy is in the outbox until the
//   recipient's board delivers it, then in the sent folder.
// - ucp.php?i=pm&mode=view&f=<folder>&p=<id>: the message, which the recipient has read then; a
//   message not in the member's folders: NO_MESSAGE.
import type { ContractRequest, Reply } from './contract-server.ts';
import type { BoardMessage, PhpbbState } from './phpbb-board.ts';
import { editorPage, folderPage, messagePage, pagination, viewMessagePage } from './phpbb-html.ts';
import { FORM_INVALID } from './phpbb-pages.ts';
import { html, type Sessions, type Visit } from './phpbb-sessions.ts';

type Member = Visit & { viewer: NonNullable<Visit['viewer']> };
const FOLDERS: Record<string, number> = { inbox: 0, sentbox: -1, outbox: -2 };
const PER_PAGE = 25;

export function privatePages(
  state: PhpbbState,
  sessions: Sessions,
  flood: { flooded: (userId: number) => boolean; lastPost: Map<number, number>; FLOOD_ERROR: string },
) {
  const folderOf = (m: BoardMessage, userId: number) => (m.to.includes(userId) ? 0 : m.authorId === userId ? (m.delivered ? -1 : -2) : undefined);

  const compose = (req: ContractRequest, v: Member): Reply => {
    const replyTo = req.query.get('action') === 'reply' ? state.messages.find((m) => String(m.id) === req.query.get('p')) : undefined;
    const action = `./ucp.php?i=pm&mode=compose${replyTo ? `&action=reply&p=${replyTo.id}` : '&action=post'}`;
    const form = (subject: string, message: string, address: Record<string, string>, error?: string) =>
      html(
        editorPage(
          action,
          { subject, message, hidden: { ...address, lastclick: String(Math.floor(Date.now() / 1000)), ...sessions.formKey(v, 'ucp_pm_compose') }, error },
          v.viewer,
        ),
        v,
      );
    // build_address_field: a reply is addressed to the message's author, never to oneself.
    const prefilled = replyTo && replyTo.authorId !== v.viewer.userId ? { [`address_list[u][${replyTo.authorId}]`]: 'to' } : {};
    if (req.method === 'GET') return form(replyTo ? `Re: ${replyTo.subject}` : '', '', prefilled);
    const fields = req.form!;
    const to = [...fields.keys()].flatMap((k) => /^address_list\[u\]\[(\d+)\]$/.exec(k)?.[1] ?? []).map(Number);
    const address = Object.fromEntries(to.map((id) => [`address_list[u][${id}]`, 'to']));
    const [subject, message] = [String(fields.get('subject') ?? ''), String(fields.get('message') ?? '')];
    const errors = [
      ...(sessions.checkForm(v, req, 'ucp_pm_compose') ? [] : [FORM_INVALID]),
      ...(flood.flooded(v.viewer.userId) ? [flood.FLOOD_ERROR] : []),
      ...(to.length ? [] : ['No recipient defined.']),
      ...(subject.trim() ? [] : ['You must specify a subject when posting a new topic.']),
    ];
    if (errors.length) return form(subject, message, address, errors.join('<br />'));
    flood.lastPost.set(v.viewer.userId, Date.now());
    const sent = state.send(v.viewer.userId, to, subject, message, replyTo ? replyTo.root || replyTo.id : 0);
    return html(
      messagePage(
        'Information',
        `This message has been sent successfully.<br /><br /><a href="./ucp.php?i=pm&amp;mode=view&amp;p=${sent.id}">Click here to view your message</a>`,
        v.viewer,
      ),
      v,
    );
  };

  const folder = (req: ContractRequest, v: Member): Reply => {
    const f = FOLDERS[req.query.get('folder') ?? ''] ?? Number(req.query.get('f') ?? 0);
    const all = state.messages.filter((m) => folderOf(m, v.viewer.userId) === f).reverse();
    const start = Math.max(0, Number(req.query.get('start') ?? 0));
    const rows = all.slice(start, start + PER_PAGE).map((message) => ({ message, authorName: state.nameOf(message.authorId) }));
    const page = folderPage(f, rows, v.viewer).replace('</form>', `${pagination(all.length, PER_PAGE, start, `./ucp.php?i=pm&amp;folder=${f}`)}</form>`);
    return html(page, v);
  };

  const view = (req: ContractRequest, v: Member): Reply => {
    const m = state.messages.find((x) => String(x.id) === req.query.get('p'));
    if (!m || folderOf(m, v.viewer.userId) === undefined) return html(messagePage('Information', 'The requested message does not exist.', v.viewer), v);
    if (m.to.includes(v.viewer.userId)) m.delivered = true;
    return html(viewMessagePage(m, state.nameOf(m.authorId), v.viewer), v);
  };

  return (req: ContractRequest, v: Member): Reply => {
    if (req.query.get('mode') === 'compose') return compose(req, v);
    if (req.query.get('p')) return view(req, v);
    return folder(req, v);
  };
}
