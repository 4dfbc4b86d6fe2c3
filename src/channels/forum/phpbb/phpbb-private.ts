// The game account's private messages on a phpBB 3.3 board, through its own pages
// (includes/ucp/ucp_pm*.php): a new message from the compose form (ucp.php?i=pm&mode=compose,
// its recipients by user id as address_list[u][<id>]=to), a reply in a conversation from the
// reply form (action=reply&p=<id>, which threads it under the conversation's first message), the
// inbox read page by page (ucp.php?i=pm&folder=inbox, newest first), and the account's own
// messages found in the outbox (until the recipient's board delivers them) and the sent folder.
import { markerLine, type ForumAdapter, type PrivateMessage, type PrivatePage, type ReceivedPrivate } from '../base/forum-adapter.ts';
import { ForumNotFoundError, ForumRequestError } from '../base/forum-errors.ts';
import { withMarker } from './phpbb-markup.ts';
import { folderPage, messageLinkIn, messageOf, privateOf } from './phpbb-pages.ts';
import { memberNamed, type PhpbbSession } from './phpbb-session.ts';

export function phpbbPrivate(session: PhpbbSession): Pick<ForumAdapter, 'sendPrivate' | 'findOwnPrivate' | 'readPrivateSince'> {
  const folder = async (name: string, start: number) => folderPage((await session.page('ucp.php', { i: 'pm', folder: name, start: String(start) })).html);
  const open = async (f: number, id: string) => privateOf((await session.page('ucp.php', { i: 'pm', f: String(f), p: id })).html);

  return {
    async sendPrivate(pm: PrivateMessage): Promise<string> {
      const to: string[] = [];
      for (const name of pm.to) {
        const member = await memberNamed(session, name);
        if (!member) throw new ForumNotFoundError(`There is no member "${name}" on the board: check the name in game.yaml's forum players.`);
        to.push(member.id);
      }
      const message = withMarker(pm.text, pm.marker);
      const path = pm.conversation ? `ucp.php?i=pm&mode=compose&action=reply&p=${encodeURIComponent(pm.conversation)}` : 'ucp.php?i=pm&mode=compose';
      const { html: answer } = await session.submit(path, (form) => ({
        // The reply form addresses the message's author; ours go to the members named, whoever wrote last.
        ...Object.fromEntries(Object.entries(form.fields).filter(([k]) => !k.startsWith('address_list['))),
        ...Object.fromEntries(to.map((id) => [`address_list[u][${id}]`, 'to'])),
        subject: pm.title,
        message,
      }));
      const id = messageLinkIn(answer);
      if (!id) throw new ForumRequestError(`The board did not say the private message "${pm.title}" was sent: ${messageOf(answer) ?? 'no message'}.`);
      return pm.conversation ?? id;
    },

    // Ours, with its title and marker, among the newest of the outbox and the sent folder.
    async findOwnPrivate(pm: PrivateMessage, since: Date): Promise<boolean> {
      const me = await session.loggedIn();
      const line = markerLine(pm.marker);
      for (const [name, f] of [
        ['outbox', -2],
        ['sentbox', -1],
      ] as const) {
        for (const row of (await folder(name, 0)).rows.filter((r) => r.subject === pm.title)) {
          const m = await open(f, row.id);
          // The board shows a message's time to the minute.
          if (m && m.author.id === me.id && m.text.includes(line) && Date.parse(m.postedAt) >= Math.floor(since.getTime() / 60_000) * 60_000) return true;
        }
      }
      return false;
    },

    // The inbox lists the newest first; message ids grow, so the cursor is the last id read.
    async readPrivateSince(cursor: string | null): Promise<PrivatePage> {
      const last = Number(cursor ?? 0);
      const me = await session.loggedIn();
      const fresh: string[] = [];
      for (let start = 0; ;) {
        const got = await folder('inbox', start);
        const newer = got.rows.filter((r) => Number(r.id) > last);
        fresh.push(...newer.map((r) => r.id));
        if (newer.length < got.rows.length || got.page >= got.lastPage) break;
        start += got.perPage;
      }
      const messages: ReceivedPrivate[] = [];
      for (const id of fresh.sort((a, b) => Number(a) - Number(b))) {
        const m = await open(0, id);
        if (m && m.author.id !== me.id) messages.push({ title: m.title, post: { id: m.id, author: m.author, text: m.text, postedAt: m.postedAt } });
      }
      return { messages, cursor: String(Math.max(last, ...fresh.map(Number))) };
    },
  };
}
