// The default demo: examples/demo-world, a board NES game of twelve nations, for three turns.
// Simulated players write their orders with ids, full names or typos; red's first order is
// ambiguous and the GM answers its ticket by email; maroon never orders; green and blue order on
// the forum (one in the game thread, one by private message).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Game } from '../src/game/open-game.ts';
import type { DemoGame } from './demo-game.ts';
import { domain, say, sendMail, waitForMail } from './demo-mail.ts';

const SILENT = 'maroon'; // the player who never sends orders

export const boardNesDemo: DemoGame = {
  folder: 'examples/demo-world',
  title: 'The Demo World',
  turns: 3,
  forumNations: ['green', 'blue'],
  about: 'examples/demo-world for 12 players',
  /** Two provinces sharing a nickname, for an ambiguous order. */
  async adapt(dir) {
    const map = await readFile(path.join(dir, 'map.yaml'), 'utf8');
    await writeFile(path.join(dir, 'map.yaml'), map.replace(/^( {2}(?:fen|lor): \{ name: "[^"]+", )/gm, '$1aliases: [Twin Fords], '));
  },
  orders: (game, nation, turn) => (nation === SILENT ? undefined : ordersFor(game, nation, turn)),
  note: (turn) => (turn === 1 ? 'every third player misspells a province on purpose, and red\'s "Twin Fords" names two provinces' : ''),
  afterOrders: async (gameId, turn) => {
    if (turn === 1) await answerTicket(gameId);
  },
};

/** Orders as players write them: ids, full names, or names with a typo; red's first line is ambiguous. */
function ordersFor(game: Game, nation: string, turn: number): string[] | undefined {
  const { state, map } = game;
  const index = Object.keys(game.config.nations).indexOf(nation);
  const army = state.units.find((u) => u.nation === nation && u.type === 'army' && u.builtTurn !== state.turn);
  const lines: string[] = [];
  if (nation === 'red' && turn === 1) lines.push('Move army pel -> Twin Fords (claim)');
  else if (army) {
    const free = map
      .neighbours(army.province, 'army')
      .map((p) => p.province)
      .find((p) => map.province(p).kind !== 'sea' && !state.provinces[p]?.owner);
    const name = (id: string) => map.province(id).name;
    const typo = (text: string) => text.slice(0, -2) + text.slice(-1) + text.slice(-2, -1);
    if (free && index % 3 === 0) lines.push(`Move army ${army.province} -> ${free} (claim)`);
    else if (free && index % 3 === 1) lines.push(`Move army ${name(army.province)} -> ${name(free)} (claim)`);
    else if (free) lines.push(`Move army ${name(army.province)} -> ${typo(name(free))} (claim)`);
  }
  const home = Object.entries(state.provinces).find(([, p]) => p.owner === nation && p.structure === 'city')?.[0];
  if (turn === 2 && home) lines.push(`Buy army in ${map.province(home).name}`);
  // Nowhere free to claim: the nation's units stay where they are, said as a player would.
  const unit = army ?? state.units.find((u) => u.nation === nation);
  if (!lines.length && unit) lines.push(`Hold all ${unit.type} ${unit.province}`);
  return lines.length ? lines : undefined;
}

/** The GM reads the ticket for red's ambiguous line and answers "1" by replying to it. */
async function answerTicket(gameId: string): Promise<void> {
  const [ticket] = await waitForMail('gm', `[${gameId}] Ticket`, 30_000);
  say(
    `GM: got "${ticket.subject}":\n    ${(ticket.text ?? '')
      .split('\n')
      .filter((l) => /^\s*\d\./.test(l))
      .join('\n    ')}`,
  );
  await sendMail({
    from: `gm@${domain}`,
    to: `game@${domain}`,
    subject: `Re: ${ticket.subject}`,
    inReplyTo: ticket.messageId,
    references: [ticket.messageId!],
    text: '1\n',
  });
  say('GM: answered "1" by email');
}
