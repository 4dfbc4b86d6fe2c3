// The demo's forum: a local XenForo 2 board (the contract server the forum tests use,
// sandbox/forum/xenforo-server.ts, reused here rather than written twice), which Adjutant
// reaches as an ordinary member would, through the board's own pages and forms with no API key;
// the game's `forum:` section naming it, two players who order there (one in the game thread
// inside an [orders] block, one by private message to the game's account), and at the end the
// thread as the forum holds it.
import { markerLine } from '../src/channels/forum/base/forum-adapter.ts';
import { startXenForo, type XenForoForum } from '../sandbox/forum/xenforo-server.ts';

const THREAD = 77;
/** The variables game.yaml names for the account's login; set in this process, as an operator would set them for `adjutant serve`. */
const LOGIN_VARIABLE = 'DEMO_XF_LOGIN';
const PASSWORD_VARIABLE = 'DEMO_XF_PASSWORD';
/** The game's account (an ordinary member) and the members who may play on the forum. */
const ACCOUNT = { user_id: 1, username: 'Adjutant' };
const MEMBERS = {
  green: { user_id: 2, username: 'Vera', by: 'thread' },
  blue: { user_id: 3, username: 'Bram', by: 'private message' },
} as const;

export type ForumNation = keyof typeof MEMBERS;

export interface DemoForum {
  /** The game.yaml `forum:` section. */
  section: Record<string, unknown>;
  plays(nation: string): nation is ForumNation;
  /** The member orders as a player would on the forum; returns who ordered and how. */
  order(nation: ForumNation, turn: number, lines: string[]): string;
  /** Private messages the game's account has sent the member so far. */
  messagesTo(nation: ForumNation): Array<{ title: string; message: string }>;
  /** The turn's update post in the thread, once the forum poster has made it. */
  updatePost(gameId: string, turn: number): { id: number; attachments: number } | undefined;
  /** The thread and the private messages, as lines to print. */
  describe(): string[];
  close(): Promise<void>;
}

/** The forum with `nations` playing there. */
export async function startDemoForum(nations: ForumNation[]): Promise<DemoForum> {
  const xf: XenForoForum = await startXenForo(THREAD, [ACCOUNT, ...nations.map((n) => ({ user_id: MEMBERS[n].user_id, username: MEMBERS[n].username }))]);
  process.env[LOGIN_VARIABLE] = ACCOUNT.username;
  process.env[PASSWORD_VARIABLE] = xf.password;
  return {
    section: {
      software: 'xenforo',
      url: xf.baseUrl,
      thread: THREAD,
      credentials: { login: LOGIN_VARIABLE, password: PASSWORD_VARIABLE },
      players: Object.fromEntries(nations.map((nation) => [MEMBERS[nation].username, nation])),
    },
    plays: (nation): nation is ForumNation => (nations as string[]).includes(nation),
    order(nation, turn, lines) {
      const member = MEMBERS[nation];
      if (member.by === 'thread') {
        xf.say(member.user_id, `Turn ${turn}: my neighbours had better keep their armies at home.\n[orders]\n${lines.join('\n')}\n[/orders]`);
      } else {
        xf.converse(member.user_id, `Orders for turn ${turn}`, lines.join('\n'));
      }
      return `${member.username} (forum ${member.by})`;
    },
    messagesTo: (nation) => sentTo(xf, String(MEMBERS[nation].user_id)),
    updatePost(gameId, turn) {
      const post = xf.posts.find((p) => p.user_id === ACCOUNT.user_id && p.message.includes(markerLine(`${gameId}/update:step-${turn}`)));
      return post && { id: post.post_id, attachments: post.attach_count };
    },
    describe: () => describe(xf),
    close: () => xf.server.close(),
  };
}

function describe(xf: XenForoForum): string[] {
  const players = new Map<number, string>(Object.entries(MEMBERS).map(([nation, m]) => [m.user_id, nation]));
  const lines = [`thread ${THREAD} at ${xf.baseUrl} (local XenForo 2 board), ${xf.posts.length} posts:`];
  for (const post of xf.posts) {
    const text = post.message
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^\[ATTACH/.test(l));
    const attached = [...post.message.matchAll(/\[ATTACH=full\](\d+)\[\/ATTACH\]/g)]
      .map(([, id]) => xf.attachments.get(Number(id)))
      .filter((a) => a !== undefined);
    const origin =
      post.user_id === ACCOUNT.user_id
        ? "posted by Adjutant's forum poster as a member, through the board's forms (attachments/upload, threads/77/add-reply)"
        : `written on the forum by the player of ${players.get(post.user_id)}; Adjutant's thread reader read its [orders] block`;
    lines.push(`#${post.post_id} ${post.username}: ${origin}`, ...text.slice(0, 5).map((l) => `    | ${l.slice(0, 100)}`));
    if (text.length > 5) lines.push(`    | ... (${text.length - 5} more line${text.length === 6 ? '' : 's'})`);
    for (const a of attached) lines.push(`    attachment: ${a.filename}, ${a.data.length} bytes`);
  }
  const members = Object.values(MEMBERS).filter((m) => xf.conversations.some((c) => c.recipient_ids.includes(String(m.user_id))));
  const sent = members.map((m) => ({ to: m.username, messages: sentTo(xf, String(m.user_id)) }));
  lines.push(`private messages the game's account sent (XenForo conversations, one kept with each member): ${sent.reduce((n, s) => n + s.messages.length, 0)}`);
  for (const { to, messages } of sent) {
    for (const m of messages)
      lines.push(
        `    to ${to}: "${m.title}": ${
          m.message
            .split('\n')
            .find((l) => l.trim())
            ?.slice(0, 90) ?? ''
        }`,
      );
  }
  return lines;
}

/** The messages the game's account wrote in its conversations with the member: the first of each, then replies titled by their bold first line. */
function sentTo(xf: XenForoForum, member: string): Array<{ title: string; message: string }> {
  return xf.conversations
    .filter((c) => c.recipient_ids.includes(member))
    .flatMap((c) =>
      xf
        .messagesIn(c.conversation_id)
        .filter((m) => m.user_id === ACCOUNT.user_id)
        .map((m) => {
          const titled = /^\[B\](.*)\[\/B\]\n\n/.exec(m.message);
          return titled ? { title: titled[1], message: m.message.slice(titled[0].length) } : { title: c.title, message: m.message };
        }),
    );
}
