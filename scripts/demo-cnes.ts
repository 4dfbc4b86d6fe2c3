// `npm run demo -- cnes`: the CNES starter game (examples/starter/cnes, what `adjutant game new DIR
// --ruleset cnes` makes) for two turns. Red and blue order by email (what Adjutant read is printed
// from their confirmations), green in the forum thread. Turn 1: red urbanizes Red Hills and buys
// infantry, red's tank and blue's infantry march into unowned Midmarch with their aircraft on
// ground support, so the two clash there; green builds an airbase and digs in; red and green ally.
// Turn 2: whoever holds Midmarch digs in there and its aircraft intercept, the other attacks it
// again; red builds an airbase in Red Hills, green buys infantry.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Document } from 'yaml';
import type { Game } from '../src/game/open-game.ts';
import type { CnesState } from '../src/rulesets/cnes/state.ts';
import type { ForumNation } from './demo-forum.ts';
import type { DemoGame } from './demo-game.ts';
import { domain, say, waitForMail } from './demo-mail.ts';

const PLAYERS = { red: 'player1', blue: 'player2', green: 'player3' };
const ON_FORUM: ForumNation[] = ['green'];
const MIDMARCH = 'mid';
const AIRCRAFT = ['fighter', 'bomber'];

export const cnesDemo: DemoGame = {
  folder: 'examples/starter/cnes',
  title: 'The Three Marches',
  turns: 2,
  forumNations: ON_FORUM,
  about: 'examples/starter/cnes (the CNES starter game) for 3 players',
  async adapt(_dir: string, game: Document) {
    game.setIn(['gm', 'email'], `gm@${domain}`);
    for (const [nation, user] of Object.entries(PLAYERS)) game.setIn(['nations', nation, 'player', 'email'], `${user}@${domain}`);
  },
  orders: (game, nation, turn) => (turn === 1 ? FIRST_TURN[nation] : secondTurn(game, nation)),
  note: (turn) => (turn === 1 ? 'red and blue both march into Midmarch, so they fight there' : ''),
  afterOrders: async (gameId, turn) => {
    for (const [nation, user] of Object.entries(PLAYERS).filter(([n]) => !(ON_FORUM as string[]).includes(n))) {
      const [reply] = await waitForMail(user, `${gameId}] Re: Orders for turn ${turn}`, 30_000);
      const late = /came too late[^\n]*/.exec(reply.text ?? '');
      if (late)
        throw new Error(
          `${nation}'s orders for turn ${turn} were refused: "${late[0]}"${/after the deadline/.test(late[0]) ? ' This machine needs more time per turn (ADJUTANT_DEMO_TURN_SECONDS).' : ''}`,
        );
      const read = (reply.text ?? '')
        .split('\n')
        .filter((l) => /^\s+= /.test(l))
        .map((l) => l.trim().slice(2));
      say(`turn ${turn}: ${nation}'s orders confirmed by email, read as:\n    ${read.join('\n    ')}`);
    }
  },
  outcome: async (turnDir) => newsFrom(await readFile(path.join(turnDir, 'update-xenforo.txt'), 'utf8'), ['Battles', 'Provinces']),
};

/** The update's sections of those titles, as plain lines. */
function newsFrom(update: string, titles: string[]): string[] {
  const lines: string[] = [];
  let keep = false;
  for (const raw of update.split('\n')) {
    const title = /^\[B\]([^[]+)\[\/B\]$/.exec(raw)?.[1];
    if (title) keep = titles.includes(title);
    const line = raw
      .replace(/^\[\*\]/, '- ')
      .replace(/\[\/?[A-Z]+(=[^\]]*)?\]/g, '')
      .trim();
    if (keep && line) lines.push(line);
  }
  return lines;
}

const FIRST_TURN: Record<string, string[]> = {
  red: [
    'Urbanize Red Hills',
    'Buy 2 infantry in Redhaven',
    'Move tank from Redwood to Midmarch',
    'Fighters in Redhaven support Midmarch',
    'Ally with Green League',
  ],
  blue: ['Move 2 infantry from Bluecastle to Midmarch', 'ground support Midmarch with the bombers from Bluecastle', 'Fortify artillery in Blue Peaks'],
  green: ['build an airbase in Green Plains', 'Greenjungle dig in', 'form an alliance with Red Republic'],
};

/** Whoever holds Midmarch digs in there; red or blue without it attacks it from its neighbours. */
function secondTurn(game: Game, nation: string): string[] {
  const state = game.state as CnesState;
  const { map } = game;
  if (nation === 'green') return ['Buy 2 infantry in Green Plains'];
  const lines = nation === 'red' ? ['build an airbase in Red Hills'] : [];
  const own = state.units.filter((u) => u.nation === nation);
  const air = own.filter((u) => AIRCRAFT.includes(u.type)).map((u) => `${u.type}s in ${map.province(u.province).name}`);
  if (state.provinces[MIDMARCH]?.owner === nation) return [...lines, 'all in Midmarch dig in', ...air.map((a) => `${a} intercept`)];
  const near = new Set(map.neighbours(MIDMARCH, 'army').map((n) => n.province));
  const from = new Set(own.filter((u) => near.has(u.province) && !AIRCRAFT.includes(u.type) && u.type !== 'officer').map((u) => u.province));
  return [...lines, ...[...from].map((p) => `${map.province(p).name} - Midmarch`), ...air.map((a) => `${a} support Midmarch`)];
}
