// The local phpBB board as a rehearsal forum: the game's account ("Adjutant") logs in as an
// ordinary member through ucp.php, as on a real board, which has no API.
import { startPhpbb } from './phpbb-server.ts';
import { playerNamed, type SandboxBoard, type SandboxOptions } from './sandbox-board.ts';

const TOPIC = 12;
const ACCOUNT = 'Adjutant';

/** A line typed in the terminal as the board renders a post: escaped, its line breaks <br>. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');

export async function phpbbSandbox({ port, players }: SandboxOptions): Promise<SandboxBoard> {
  const board = await startPhpbb(TOPIC, port);
  const account = board.register(ACCOUNT);
  for (const player of players) board.register(player);
  const nameOf = (player: string) => playerNamed(players, player);
  const { state } = board;
  const lastFrom = new Map<string, number>();
  const seen = { posts: 0, messages: 0 };
  return {
    url: board.server.url,
    thread: TOPIC,
    account: ACCOUNT,
    players,
    credentials: { login: 'PHPBB_LOGIN', password: 'PHPBB_PASSWORD' },
    env: { PHPBB_LOGIN: ACCOUNT, PHPBB_PASSWORD: board.password },
    post: (player, text) => void board.say(nameOf(player), html(text)),
    message(player, text) {
      const name = nameOf(player);
      lastFrom.set(name, board.pm(name, `${name} writes to the GM`, text, lastFrom.get(name)).id);
    },
    news() {
      const news = state.posts
        .slice(seen.posts)
        .filter((p) => p.userId === account)
        .map((p) => ({ where: 'in the topic', text: p.source }));
      seen.posts = state.posts.length;
      for (const m of state.messages.slice(seen.messages))
        if (m.authorId === account) news.push({ where: `to ${m.to.map((id) => state.nameOf(id)).join(', ')}`, text: m.source });
      seen.messages = state.messages.length;
      return news;
    },
    close: () => board.server.close(),
  };
}
