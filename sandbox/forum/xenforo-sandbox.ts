// The local XenForo board as a rehearsal forum: the game's account ("Adjutant") logs in as an
// ordinary member, as on a real board without an API key.
import { playerNamed, type SandboxBoard, type SandboxOptions } from './sandbox-board.ts';
import { startXenForo } from './xenforo-server.ts';

const THREAD = 77;
const ACCOUNT = 'Adjutant';

export async function xenforoSandbox({ port, players }: SandboxOptions): Promise<SandboxBoard> {
  const users = [ACCOUNT, ...players].map((username, i) => ({ user_id: i + 1, username }));
  const xf = await startXenForo(THREAD, users, port);
  const idOf = (player: string) => users.find((u) => u.username === playerNamed(players, player))!.user_id;
  const conversations = new Map<number, number>();
  // Who else is in a conversation: those the account wrote to, or those who wrote in it.
  const others = (id: number, messages: Array<{ user_id: number }>) => {
    const started = xf.conversations.find((c) => c.conversation_id === id);
    const ids = started ? started.recipient_ids.map(Number) : messages.map((m) => m.user_id);
    return [...new Set(ids)].filter((u) => u !== 1).map((u) => users[u - 1].username);
  };
  const seen = { posts: 0, messages: new Map<number, number>() };
  return {
    url: xf.baseUrl,
    thread: THREAD,
    account: ACCOUNT,
    players,
    credentials: { login: 'XF_LOGIN', password: 'XF_PASSWORD' },
    env: { XF_LOGIN: ACCOUNT, XF_PASSWORD: xf.password },
    post: (player, text) => void xf.say(idOf(player), text),
    message(player, text) {
      const id = idOf(player);
      conversations.set(id, xf.converse(id, `${player} writes to the GM`, text, conversations.get(id)));
    },
    news() {
      const news = xf.posts
        .slice(seen.posts)
        .filter((p) => p.user_id === 1)
        .map((p) => ({ where: 'in the thread', text: p.message }));
      seen.posts = xf.posts.length;
      for (const id of xf.conversationIds()) {
        const messages = xf.messagesIn(id);
        for (const m of messages.slice(seen.messages.get(id) ?? 0))
          if (m.user_id === 1) news.push({ where: `to ${others(id, messages).join(', ')}`, text: m.message });
        seen.messages.set(id, messages.length);
      }
      return news;
    },
    close: () => xf.server.close(),
  };
}
