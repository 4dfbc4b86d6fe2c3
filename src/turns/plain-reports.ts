// Plain-text turn results, built from the ruleset's views (never raw state), so a secret can only
// reach the nations an event names. Used where the rendered reports of src/render are not wired.
import type { GameEvent } from '../engine/index.ts';
import type { Game } from '../game/open-game.ts';
import type { TurnRecord } from '../store/turn-record.ts';

export interface TurnMessage {
  subject: string;
  text: string;
}

/** How one step's results become messages; the outbox sends whatever this returns. */
export interface TurnRenderer {
  privateReport(game: Game, record: TurnRecord, nation: string): TurnMessage | Promise<TurnMessage>;
  publicUpdate(game: Game, record: TurnRecord): TurnMessage | Promise<TurnMessage>;
  /** Everything, for the GM: every event with its audience, the dice, who missed the deadline. */
  gmSummary(game: Game, record: TurnRecord, missing: readonly string[]): TurnMessage | Promise<TurnMessage>;
}

export const plainRenderer: TurnRenderer = {
  privateReport(game, record, nation) {
    const view = game.ruleset.privateView(game.ctx, record.stateAfter, record.events, nation);
    const name = game.config.nations[nation]?.name ?? nation;
    const orders = record.orders[nation] ?? [];
    const lines = [`${game.config.title}: turn ${record.turn} (${record.phase}), results for ${name}.`, ''];
    lines.push(orders.length ? 'Your orders:' : 'We had no orders from you this turn; your nation held.');
    orders.forEach((order, i) => {
      const result = view.events.find((e) => e.nation === nation && e.order === i && e.type.startsWith('order.'));
      const outcome = result?.type === 'order.succeeded' ? 'done' : result ? `failed: ${result.message ?? result.reason ?? 'no reason given'}` : 'no result';
      lines.push(`  ${i + 1}. ${game.ruleset.formatOrder(order)} (${outcome})`);
    });
    lines.push('', ...eventLines('What you saw happen:', view.events.filter((e) => !e.type.startsWith('order.'))));
    const units = view.units.filter((u) => u.nation === nation);
    lines.push('', units.length ? `Your units: ${units.map((u) => `${u.type} in ${provinceName(game, u.province)}`).join(', ')}.` : 'You have no units.');
    return { subject: `[${game.config.title}] Turn ${record.turn} results for ${name}`, text: lines.join('\n') + '\n' };
  },

  publicUpdate(game, record) {
    const view = game.ruleset.publicView(game.ctx, record.stateAfter, record.events);
    const lines = [`${game.config.title}: turn ${record.turn} (${record.phase}).`, '', ...eventLines('News:', view.events)];
    lines.push('', 'Nations:', ...view.nations.map((n) => `  ${n.name}: ${n.provinces} provinces, ${n.units} units`));
    return { subject: `[${game.config.title}] Turn ${record.turn} public update`, text: lines.join('\n') + '\n' };
  },

  gmSummary(game, record, missing) {
    const lines = [`${game.config.title}: turn ${record.turn} (${record.phase}), step ${record.step}, seed ${record.seed}.`, ''];
    lines.push(missing.length ? `No orders from: ${missing.join(', ')}.` : 'Every player sent orders.', '', 'Orders:');
    for (const [nation, orders] of Object.entries(record.orders)) lines.push(`  ${nation}: ${orders.map((o) => game.ruleset.formatOrder(o)).join('; ') || '(none)'}`);
    lines.push('', 'Events:', ...record.events.map((e) => `  [${e.audience === 'public' ? 'public' : e.audience.join(',')}] ${e.type}${e.message ? `: ${e.message}` : ''}`));
    lines.push('', `Dice (${record.dice.length}):`, ...record.dice.map((d) => `  d${d.sides} = ${d.value} for ${d.purpose}`));
    return { subject: `[${game.config.title}] Turn ${record.turn} GM summary`, text: lines.join('\n') + '\n' };
  },
};

function eventLines(title: string, events: readonly GameEvent[]): string[] {
  const said = events.filter((e) => e.message).map((e) => `  - ${e.message}`);
  return said.length ? [title, ...said] : [`${title} nothing to report.`];
}

function provinceName(game: Game, id: string): string {
  return game.map.has(id) ? game.map.province(id).name : id;
}
