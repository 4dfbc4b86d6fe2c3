// How each line of a text would be read if it were sent now, for the nation page's live reading:
// the game's own reader and the ruleset's checks, as a confirmation would say them, with nothing
// stored, merged or asked of the GM. The lines are numbered as the player wrote them.
import { bareOrder } from '../orders/check-orders.ts';
import type { Game } from '../game/open-game.ts';
import { messageCommands } from './commands.ts';
import { describe, timeZoneOf, type MessageContext } from './message-context.ts';
import { readOrderLines } from './order-text.ts';
import { validateAll } from './orders-in-force.ts';

export type LineKind = 'order' | 'gm' | 'refused' | 'aside' | 'command';

export interface LineReading {
  line: number;
  kind: LineKind;
  /** The reading in plain words, the readings the GM would choose between, or why the line is refused or set aside. */
  says: string;
}

/** The readings of the text's lines, in line order; a blank line has none. */
export async function previewLines(tools: MessageContext['tools'], game: Game, nation: string, text: string): Promise<LineReading[]> {
  const commands = messageCommands({ text, subject: '' }, [], 'player', { timeZone: timeZoneOf({ game }, nation), nations: Object.keys(game.config.nations) });
  if (commands)
    return commands.map((c) => ({
      line: c.line,
      kind: c.problem ? 'refused' : 'command',
      says: c.problem ?? `The command ${(c.command?.name ?? c.text.trim().split(/\s+/)[0]).toUpperCase()}, carried out when sent.`,
    }));
  const parsed = await readOrderLines(tools, game, nation, text);
  const orders = parsed.orders.map(bareOrder);
  const { rejected } = validateAll(game.ruleset, game.ctx, game.state, nation, {
    orders,
    sources: parsed.orders.map((o) => ({ messageId: 'preview', date: '', line: o.line, text: o.text })),
  });
  const refusal = new Map(rejected.map((r) => [r.order, `${r.message} (${r.code})`]));
  const readings: LineReading[] = [
    ...parsed.orders.map((o, i): LineReading => {
      const refused = refusal.get(orders[i]);
      return refused ? { line: o.line, kind: 'refused', says: refused } : { line: o.line, kind: 'order', says: describe({ game }, orders[i]) };
    }),
    ...parsed.ambiguous.map((a): LineReading => ({
      line: a.line,
      kind: 'gm',
      says: `Needs the GM, who chooses between: ${a.candidates.map((c) => describe({ game }, bareOrder(c)).replace(/\.$/, '')).join('; ')}.`,
    })),
    ...parsed.errors.map((e): LineReading => ({
      line: e.line,
      kind: 'refused',
      says: e.suggestions.length ? `${e.message} Did you mean: ${e.suggestions.join('; ')}?` : e.message,
    })),
    ...parsed.ignored.map((i): LineReading => ({ line: i.line, kind: 'aside', says: `Set aside: ${i.why}.` })),
  ];
  return readings.sort((a, b) => a.line - b.line);
}
