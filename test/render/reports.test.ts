// Golden tests: every template rendered from a fixed board NES turn (a land battle with its dice,
// an escorted caravan stolen, a failed build) and a fixed warfare turn (bounces, a dislodgement).
// UPDATE_GOLDEN=1 rewrites the expected files in test/render/golden/ (then read the diff).
import { describe, expect, it } from 'vitest';
import { renderGmSummary, renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { WARFARE_ORDERS, adjudicate, expectGolden, fixtureGame } from './support.ts';

const deadline = new Date('2026-12-11T20:00:00Z');
const mapUrl = 'https://maps.example.org/three-crowns/turn-3/map.png';

describe('board NES reports', async () => {
  const game = await fixtureGame('board-nes');
  const record = adjudicate(game);

  it.each(['red', 'blue', 'green'])('renders the private report of %s as text and HTML', (nation) => {
    const report = renderPrivateReport(game, record, nation, { nextDeadline: deadline });
    expectGolden(`board-nes-report-${nation}.txt`, report.text);
    expectGolden(`board-nes-report-${nation}.html`, report.html!);
    expect(report.subject).toBe(`[${game.id}] Turn 3 results for ${game.config.nations[nation].name}`);
  });

  it.each(flavourIds())('renders the public update for %s', (flavour) => {
    const update = renderPublicUpdate(game, record, { flavour, mapUrl, nextDeadline: deadline });
    expectGolden(`board-nes-update-${flavour}.txt`, update.text);
    expect(update.text).toContain(mapUrl);
  });

  // The GM may move the deadline after the update is posted, and a forum post is not edited then.
  it.each(flavourIds())('words the deadline in the %s update as it stood when posted', (flavour) => {
    const text = renderPublicUpdate(game, record, { flavour, nextDeadline: deadline }).text;
    expect(text).toMatch(/Next deadline \(as of posting\):\W*(\[b\])?Fri, 11 Dec 2026, 20:00 GMT/i);
    expect(renderPublicUpdate(game, record, { flavour }).text).not.toContain('Next deadline');
  });

  it.each(flavourIds())('says in the %s update that the map is attached when it has no URL for it', (flavour) => {
    const update = renderPublicUpdate(game, record, { flavour, mapAttachment: 'map.png' });
    expect(update.text).toContain('The map is attached: map.png.');
    expect(renderPublicUpdate(game, record, { flavour }).text).not.toContain('map.png');
  });

  it('names the nations that sent no orders in the update, and how the turn treated them', () => {
    const quiet = adjudicate(game, { ...record.orders, green: [] });
    expect(renderPublicUpdate(game, quiet, { flavour: 'xenforo' }).text).toContain(
      '[B]Greenwood[/B][/COLOR] sent no orders: its units held where they stood, and it bought nothing.',
    );
  });

  it('renders the GM summary with the news in sentences, what each nation alone read, and every die', () => {
    const summary = renderGmSummary(game, { ...record, orders: { ...record.orders, green: [] } }, { nextDeadline: deadline });
    expectGolden('board-nes-gm-summary.txt', summary.text);
    for (const draw of record.dice) expect(summary.text).toContain(draw.purpose);
    // Sentences, never the events' own type names.
    for (const event of record.events) expect(summary.text).not.toContain(event.type);
  });

  it('gives each player the deadline in their own time zone', () => {
    expect(renderPrivateReport(game, record, 'red', { nextDeadline: deadline }).text).toContain('Fri, 11 Dec 2026, 21:00 CET');
    expect(renderPrivateReport(game, record, 'blue', { nextDeadline: deadline }).text).toContain('Fri, 11 Dec 2026, 20:00 GMT');
  });

  it('tells a nation without orders that its units held', async () => {
    const quiet = adjudicate(game, { ...record.orders, green: [] });
    expect(renderPrivateReport(game, quiet, 'green').text).toContain('We had no orders from you this turn: your units held.');
  });
});

describe('warfare reports', async () => {
  const game = await fixtureGame('warfare');
  const record = adjudicate(game, WARFARE_ORDERS, []);

  it('renders a dislodged unit with its retreats and the orders with their reasons', () => {
    const report = renderPrivateReport(game, record, 'france', { nextDeadline: deadline });
    expectGolden('warfare-report-france.txt', report.text);
    expect(report.text).toContain('FAILED (dislodged)');
  });

  it.each(flavourIds())('renders the public update for %s with the revealed orders', (flavour) => {
    const update = renderPublicUpdate(game, record, { flavour, nextDeadline: deadline });
    expectGolden(`warfare-update-${flavour}.txt`, update.text);
    expect(update.text).toContain('A Ruhr S A Munich - Burgundy');
  });

  describe('through a whole year', () => {
    const next = (g: typeof game, r: ReturnType<typeof adjudicate>) => ({ ...g, state: r.stateAfter });
    const retreats = adjudicate(next(game, record), { france: [{ kind: 'retreat', unitType: 'army', province: 'bur', target: 'gas' }] }, []);
    const fall = adjudicate(next(game, retreats), {}, []);
    const builds = adjudicate(
      next(game, fall),
      { germany: [{ kind: 'build', unitType: 'army', province: 'mun' }], france: [{ kind: 'build', unitType: 'fleet', province: 'mar' }] },
      [],
    );

    it.each(flavourIds())('renders the retreats, the fall with its captures, then the builds, for %s', (flavour) => {
      const retreatUpdate = renderPublicUpdate(game, retreats, { flavour, nextDeadline: deadline }).text;
      expectGolden(`warfare-update-retreats-${flavour}.txt`, retreatUpdate);
      expect(retreatUpdate).toMatch(/retreated from Burgundy to Gascony/);
      const fallUpdate = renderPublicUpdate(game, fall, { flavour, nextDeadline: deadline }).text;
      expectGolden(`warfare-update-fall-${flavour}.txt`, fallUpdate);
      expect(fallUpdate).toMatch(/Germany.* took Holland, a supply centre\./);
      expect(fallUpdate).toMatch(/Germany.* may build 1 unit\./);
      const buildUpdate = renderPublicUpdate(game, builds, { flavour, nextDeadline: deadline }).text;
      expectGolden(`warfare-update-builds-${flavour}.txt`, buildUpdate);
      expect(buildUpdate).toMatch(/built an army in Munich/);
      expect(buildUpdate).toMatch(/Supply centres/);
    });
  });
});
