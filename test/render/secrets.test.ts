// The public update holds nothing a private view alone knows: no nation's orders, ledger lines,
// thefts or escorts' reports; and a nation's report holds no other nation's secrets.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/index.ts';
import { renderGmSummary, renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import { FLAVOUR_NAMES } from '../../src/render/flavours.ts';
import { adjudicate, fixtureGame } from './support.ts';

/** What only some nations were told: every private event's message, and each nation's order texts. */
function secretsOf(events: readonly GameEvent[], nation?: string): string[] {
  return events.filter((e) => e.audience !== 'public' && (!nation || !e.audience.includes(nation)) && typeof e.message === 'string').map((e) => e.message as string);
}

describe('secrets', async () => {
  const game = await fixtureGame('board-nes');
  const record = adjudicate(game);
  const secrets = secretsOf(record.events);
  const orderTexts = Object.values(record.orders).flat().map((o) => game.ruleset.formatOrder(o));

  it('has secrets to keep in the fixture turn', () => {
    expect(secrets).toContain('Your escorts came back with bad news: blue stole an escorted caravan.');
    expect(secrets.length).toBeGreaterThan(5);
  });

  it.each(FLAVOUR_NAMES)('keeps every private message and every order out of the %s update', (flavour) => {
    const text = renderPublicUpdate(game, record, { flavour }).text.replace(/\u200b|\\/g, '');
    for (const secret of [...secrets, ...orderTexts]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/ledger|steal|stole|escort|caravan/i);
  });

  it.each(['red', 'blue', 'green'])("keeps other nations' secrets out of %s's report", (nation) => {
    const report = renderPrivateReport(game, record, nation);
    const others = Object.entries(record.orders).filter(([n]) => n !== nation).flatMap(([, list]) => list.map((o) => game.ruleset.formatOrder(o)));
    for (const text of [report.text, report.html!]) {
      for (const secret of secretsOf(record.events, nation)) expect(text).not.toContain(secret);
      for (const order of others) expect(text).not.toContain(order.replace('->', '-&gt;'));
    }
  });

  it('shows the GM everything', () => {
    const summary = renderGmSummary(game, record).text;
    for (const secret of [...secrets, ...orderTexts]) expect(summary).toContain(secret);
  });
});
