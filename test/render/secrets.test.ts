// The public update holds nothing a private view alone knows: no nation's orders, ledger lines,
// thefts or escorts' reports; and a nation's report holds no other nation's secrets.
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/index.ts';
import type { Game } from '../../src/game/open-game.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { orderLines } from '../../src/render/report-common.ts';
import { renderGmSummary, renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';
import { adjudicate, fixtureGame } from './support.ts';

/** What only some nations were told: every private event's message, and each nation's order texts. */
function secretsOf(events: readonly GameEvent[], nation?: string): string[] {
  return events
    .filter((e) => e.audience !== 'public' && (!nation || !e.audience.includes(nation)) && typeof e.message === 'string')
    .map((e) => e.message as string);
}

/** What a report prints of a nation's orders: each line's text, its plain words, and its result message. */
function printedOrders(game: Game, record: TurnRecord, nation: string): string[] {
  return orderLines(game, record.orders[nation] ?? [], record.events, nation)
    .flatMap((line) => [line.text, line.words, line.message ?? ''])
    .filter((s) => s.length > 0);
}

/** Other nations' orders found in `nation`'s report, as the text and the HTML print them. */
function leakedOrders(game: Game, record: TurnRecord, nation: string, report: { text: string; html?: string }): string[] {
  const others = Object.keys(record.orders)
    .filter((n) => n !== nation)
    .flatMap((n) => printedOrders(game, record, n));
  return others.flatMap((printed) => [
    ...(report.text.includes(printed) ? [`text: ${printed}`] : []),
    ...(report.html?.includes(Handlebars.escapeExpression(printed)) ? [`html: ${printed}`] : []),
  ]);
}

describe('secrets', async () => {
  const game = await fixtureGame('board-nes');
  const record = adjudicate(game);
  const secrets = secretsOf(record.events);
  const orderTexts = Object.values(record.orders)
    .flat()
    .map((o) => game.ruleset.formatOrder(o));

  it('has secrets to keep in the fixture turn', () => {
    expect(secrets).toContain('Your escorts came back with bad news: Bluevale stole an escorted caravan.');
    expect(secrets.length).toBeGreaterThan(5);
  });

  it.each(flavourIds())('keeps every private message and every order out of the %s update', (flavour) => {
    const text = renderPublicUpdate(game, record, { flavour }).text.replace(/\u200b|\\/g, '');
    for (const secret of [...secrets, ...orderTexts]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/ledger|steal|stole|escort|caravan/i);
  });

  it.each(['red', 'blue', 'green'])("keeps other nations' secrets and orders out of %s's report", (nation) => {
    const report = renderPrivateReport(game, record, nation);
    for (const text of [report.text, report.html!]) {
      for (const secret of secretsOf(record.events, nation)) expect(text).not.toContain(secret);
    }
    expect(leakedOrders(game, record, nation, report)).toEqual([]);
  });

  it("finds a leak when other nations' orders are printed into a private report (the check can fail)", () => {
    const leaky = { ...record, orders: { ...record.orders, red: Object.values(record.orders).flat() } };
    const report = renderPrivateReport(game, leaky, 'red');
    const found = leakedOrders(game, record, 'red', report);
    // A report prints each order in the ruleset's own words.
    for (const order of [...record.orders.blue, ...record.orders.green]) {
      expect(found).toContain(`text: ${game.ruleset.describeOrder(game.ctx, order)}`);
      expect(found).toContain(`html: ${game.ruleset.describeOrder(game.ctx, order)}`);
    }
  });

  it('shows the GM everything', () => {
    const summary = renderGmSummary(game, record).text;
    for (const secret of [...secrets, ...orderTexts]) expect(summary).toContain(secret);
  });
});
