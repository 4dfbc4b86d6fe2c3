// The local Discourse as a rehearsal forum: the game's account ("adjutant") posts with an API key,
// as on a forum whose administrators gave the GM one.
import { startDiscourse, type DcPm } from './discourse-server.ts';
import { playerNamed, type SandboxBoard, type SandboxOptions } from './sandbox-board.ts';

const TOPIC = 55;
const ACCOUNT = 'adjutant';

export async function discourseSandbox({ port, players: given }: SandboxOptions): Promise<SandboxBoard> {
  // Discourse usernames are matched without regard to case; the local one keeps them in lower case.
  const players = given.map((p) => p.toLowerCase());
  const dc = await startDiscourse(TOPIC, [ACCOUNT, ...players], port);
  const nameOf = (player: string) => playerNamed(players, player);
  const conversations = new Map<string, DcPm>();
  const seen = { posts: 0, messages: new Map<number, number>() };
  return {
    url: dc.server.url,
    thread: TOPIC,
    account: ACCOUNT,
    players,
    credentials: { key: 'DISCOURSE_KEY', user: 'DISCOURSE_USER' },
    env: { DISCOURSE_KEY: dc.key, DISCOURSE_USER: ACCOUNT },
    post: (player, text) => void dc.say(nameOf(player), text),
    message(player, text) {
      const name = nameOf(player);
      const pm = conversations.get(name);
      if (pm) dc.reply(pm, name, text);
      else conversations.set(name, dc.message(name, `${name} writes to the GM`, text));
    },
    news() {
      const news = dc.posts
        .slice(seen.posts)
        .filter((p) => p.username === ACCOUNT)
        .map((p) => ({ where: 'in the topic', text: p.raw }));
      seen.posts = dc.posts.length;
      for (const pm of dc.pms) {
        const to = pm.participants.filter((p) => p !== ACCOUNT).join(', ');
        for (const p of pm.posts.slice(seen.messages.get(pm.id) ?? 0)) if (p.username === ACCOUNT) news.push({ where: `to ${to}`, text: p.raw });
        seen.messages.set(pm.id, pm.posts.length);
      }
      return news;
    },
    close: () => dc.server.close(),
  };
}
