// What a nation may order with what it has in one province (and toward another), for the nation
// page's click-to-order: GET /-/nation/<token>/choices?at=<province>&to=<province> answers
// {"lines":[{"text","says"}]}, each line an order the game would take now, in the ruleset's
// notation (what the page writes into the orders box) and in plain words. Only the link's own
// nation is answered for: a province where it has nothing gets no lines.
import { choicesAt } from '../orders/order-choices.ts';
import { describe } from '../messages/message-context.ts';
import { gameToRead } from './nation-orders.ts';
import type { WebContext } from './web-context.ts';

export interface ChoiceLine {
  text: string;
  says: string;
}

/** The provinces asked for are not the map's: the route answers 400 with the message. */
export class ChoiceQueryError extends Error {
  override name = 'ChoiceQueryError';
}

/** The orders the nation may give at `at` (toward `to`); null when the game or nation is gone. */
export async function nationChoices(web: WebContext, gameId: string, nation: string, at: string | null, to: string | null): Promise<ChoiceLine[] | null> {
  const game = await gameToRead(web, gameId);
  if (!game?.config.nations[nation]) return null;
  const place = (text: string | null, name: string): string | undefined => {
    if (text === null || text === '') return undefined;
    const id = game.map.has(text.trim()) ? text.trim() : text.trim().toLowerCase();
    if (!game.map.has(id)) throw new ChoiceQueryError(`"${text.slice(0, 40)}" is not a province of this game's map (${name}= takes a province's id).`);
    return id;
  };
  const from = place(at, 'at');
  if (from === undefined) throw new ChoiceQueryError('Say which province: at=<province id>, and to=<province id> for an order toward another.');
  const toward = place(to, 'to');
  return choicesAt(game.ruleset, game.ctx, game.state, nation, from, toward).map((c) => ({ text: c.text, says: describe({ game }, c.order) }));
}
