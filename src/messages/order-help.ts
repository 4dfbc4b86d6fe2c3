// The orders a game's players are shown (HELP, the welcome mail): the kinds the game's options
// take, each in players' words; the "Slots: ..." that ends a summary is for those who write
// rulesets, not for players. A nation's examples are orders it could give now, put together from
// its own position (src/orders/order-choices.ts); where none of a kind can be given now, the
// ruleset's own examples show how it is written, leaving out those that name a place the nation
// does not hold (a player copies an example, and one for another nation's province is refused).
import type { GameState, MapGraph } from '../engine/index.ts';
import type { Game } from '../game/open-game.ts';
import { heldProvinces, orderChoices } from '../orders/order-choices.ts';

export interface OrderHelp {
  summary: string;
  examples: string[];
}

/** Examples of each kind shown to a nation. */
const EXAMPLES = 2;

/** The kinds for players; with a nation, examples from its position (in `state`, else the game's). */
export function orderHelp(game: Game, nation?: string, state: GameState = game.state): OrderHelp[] {
  const summaryOf = (summary: string) => summary.replace(/\s*Slots:[\s\S]*$/, '');
  if (nation === undefined || !state.nations[nation]) {
    return game.ruleset.orderKinds.filter((k) => k.available?.(game.ctx.options) ?? true).map((k) => ({ summary: summaryOf(k.summary), examples: k.examples }));
  }
  const held = heldProvinces(game.ruleset, game.ctx, state, nation);
  const places = placeWords(game.map);
  return orderChoices(game.ruleset, game.ctx, state, nation, { keep: EXAMPLES }).map(({ doc, choices }) => ({
    summary: summaryOf(doc.summary),
    examples: choices.length ? choices.map((c) => c.text) : doc.examples.filter((e) => namedPlaces(e, places).every((p) => held.has(p))),
  }));
}

/** The longest name a place goes by, in words. */
const LONGEST = 4;

/** Each place's id, name and aliases, lower case, word by word: the province it names. */
function placeWords(map: MapGraph): Map<string, string> {
  const words = new Map<string, string>();
  for (const p of map.provinces.values()) for (const name of [p.id, p.name, ...p.aliases]) words.set(wordsOf(name).join(' '), p.id);
  return words;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The provinces a line names: any run of its words that is a place's id, name or alias. */
export function namedPlaces(line: string, places: ReadonlyMap<string, string>): string[] {
  const words = wordsOf(line);
  const found: string[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= LONGEST && i + n <= words.length; n++) {
      const place = places.get(words.slice(i, i + n).join(' '));
      if (place !== undefined) found.push(place);
    }
  }
  return found;
}
