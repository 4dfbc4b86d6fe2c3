// The GM's ruling on a nation's ambiguous line reaches that nation's report, and no one else's:
// a line the GM read one way, and one the GM rejected, answered by email as a GM does, then the
// step adjudicated and the reports rendered from the committed record.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTickets } from '../../src/messages/tickets.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import { storedGame } from '../../src/store/stored-game.ts';
import { runStep } from '../../src/turns/run-step.ts';
import { requireServices } from '../support/services.ts';
import { mailTestGame, rawMail, withGmSecret, type MailTestGame } from '../mail/support/mail-game.ts';

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

const fromGm = (text: string, subject: string) => rawMail({ from: 'Grace <gm@adjutant.test>', subject, text });

/** red sends "claim vale" twice (it reads as Northvale, Midvale or Southvale); the GM picks Midvale, then rejects the same line in a later email. */
async function ruledTurn() {
  game = await mailTestGame({ files: withGmSecret() });
  await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'my orders', text: 'ruby-falcon\nclaim nor\nclaim vale' }));
  const [first] = await openTickets(game.store, game.id);
  await game.receive(await fromGm('2', `Re: Ticket ${first.token}`));
  await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'more orders', text: 'ruby-falcon\nclaim vale' }));
  const [second] = await openTickets(game.store, game.id);
  await game.receive(await fromGm('reject', `Re: Ticket ${second.token}`));
  const record = await runStep(game.store, game.id, { seed: 'rulings', now: () => new Date('2026-12-04T20:00:00Z') });
  return { record, stored: await storedGame(game.store, game.id) };
}

describe("the GM's rulings in the reports", () => {
  it("keeps each ruling in the step's record, for the nation whose line it was", async () => {
    const { record } = await ruledTurn();
    expect(record.rulings).toEqual({
      red: [
        // Both emails arrive at the test's one fixed time: then by line.
        { line: 2, text: 'claim vale' },
        { line: 3, text: 'claim vale', chosen: { kind: 'claim', province: 'mid' } },
      ],
    });
    expect(await game.store.record(game.id, record.step)).toMatchObject({ rulings: record.rulings });
  });

  it("says in the nation's report, text and HTML, which reading the GM chose and which line was rejected", async () => {
    const { record, stored } = await ruledTurn();
    const report = renderPrivateReport(stored, record, 'red');
    expect(report.text).toContain(
      `YOUR GM'S RULINGS\n  Line 2, "claim vale", could be read more than one way. The GM rejected it: it was not applied.\n  Line 3, "claim vale", could be read more than one way. The GM read it as: You claim Midvale.`,
    );
    expect(report.html).toContain('Line 3, &ldquo;claim vale&rdquo;, could be read more than one way. The GM read it as: You claim Midvale.');
    expect(report.html).toContain('The GM rejected it: it was not applied.');
  });

  it('shows no ruling to another nation, nor in any public update', async () => {
    const { record, stored } = await ruledTurn();
    const leaks = (text: string) => ['claim vale', 'Midvale', 'RULINGS', 'rulings', 'GM read it', 'GM rejected'].filter((s) => text.includes(s));
    for (const nation of Object.keys(stored.config.nations).filter((n) => n !== 'red')) {
      const report = renderPrivateReport(stored, record, nation);
      expect(leaks(report.text)).toEqual([]);
      expect(leaks(report.html!)).toEqual([]);
    }
    for (const flavour of flavourIds()) expect(leaks(renderPublicUpdate(stored, record, { flavour }).text)).toEqual([]);
  });
});
