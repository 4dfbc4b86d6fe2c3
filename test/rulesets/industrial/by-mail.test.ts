// The industrial starter game played by email: a player's deployment and a second nation's orders
// are read from real emails through the ruleset's own grammar, confirmed, and the turn is
// adjudicated from the orders in force; the private report of one nation shows none of another's
// orders. Real SMTP relay, Dovecot, Redis and BullMQ, as test/rulesets/fixture-claims-by-mail.test.ts.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGame } from '../../../src/game/open-game.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { runStep } from '../../../src/turns/run-step.ts';
import { renderPrivateReport, renderPublicUpdate } from '../../../src/render/report.ts';
import { gameByMail, type GameByMail } from '../../mail/support/game-by-mail.ts';
import { purgeMail, sendMail, waitForMail } from '../../mail/support/mailbox.ts';
import { requireServices } from '../../support/services.ts';
import type { IndustrialState } from '../../../src/rulesets/industrial/state.ts';

const gameId = `industrial-${randomUUID().slice(0, 8)}`;
const subject = `Rails ${randomUUID().slice(0, 6)}`;
let game: GameByMail;
let store: GameStore;

/** The starter game with players at the test mail domain. */
function starterFiles(): Record<string, string> {
  const read = (f: string) => readFileSync(new URL(`../../../examples/starter/industrial/${f}`, import.meta.url), 'utf8');
  const doc = parseDocument(read('game.yaml'));
  doc.setIn(['gm', 'email'], 'gm@adjutant.test');
  doc.setIn(['nations', 'fra', 'player', 'email'], 'player4@adjutant.test');
  doc.setIn(['nations', 'ger', 'player', 'email'], 'player5@adjutant.test');
  doc.setIn(['nations', 'gbr', 'player', 'email'], 'player6@adjutant.test');
  return { 'game.yaml': doc.toString(), 'map.yaml': read('map.yaml') };
}

beforeAll(async () => {
  await requireServices(['redis', 'imap', 'smtp']);
  game = await gameByMail(gameId, starterFiles(), { subject, players: ['player4', 'player5', 'player6'] });
  store = game.store;
});

afterAll(() => game?.stop());

describe('the industrial starter game by email', () => {
  it("reads deployments from players' emails, confirms them, and adjudicates the opening turn", async () => {
    // A first email deploys only part of France's starting resources: the confirmation says what is missing.
    await sendMail({ from: 'player4@adjutant.test', to: 'game@adjutant.test', subject, text: 'SECRET: change-me-france\nDeploy 4 infantry in Paris' });
    const [partial] = await waitForMail('player4@adjutant.test', { subject: `Re: ${subject}` });
    expect(partial.text).toContain('You deploy 4 infantry in Paris.');
    expect(partial.text).toMatch(
      /Please note:\s+- Still missing: deploy 1 more artillery \(every starting resource must be deployed\); deploy 1 more general \(every starting resource must be deployed\); deploy 1 more warship/,
    );
    expect(partial.text).toContain('every one of them is refused');
    await purgeMail('player4@adjutant.test', 'INBOX', { subject: `Re: ${subject}` });
    await sendMail({
      from: 'player4@adjutant.test',
      to: 'game@adjutant.test',
      subject,
      text: 'Bonjour,\n\nSECRET: change-me-france\nDeploy 4 infantry in Paris\ndeploy artillery in par\ndeploy a general in Paris\ndeploy warship in Brest at the English Channel\n\nFrance',
    });
    const [confirmation] = await waitForMail('player4@adjutant.test', { subject: `Re: ${subject}` });
    expect(confirmation.text).toContain('You deploy 4 infantry in Paris.');
    expect(confirmation.text).toContain('You deploy 1 warship in English Channel.');
    expect(confirmation.text).not.toContain('Still missing');
    await sendMail({
      from: 'player5@adjutant.test',
      to: 'game@adjutant.test',
      subject,
      text: 'SECRET: change-me-prussia\nDeploy 4 infantry in Ruhr\nDeploy artillery in ruh\nDeploy general in Berlin',
    });
    const [second] = await waitForMail('player5@adjutant.test', { subject: `Re: ${subject}` });
    expect(second.text).toContain('You deploy 1 general in Berlin.');

    const record = await runStep(store, gameId, { seed: 'rails', now: () => new Date('2031-03-07T20:00:00Z') });
    expect(record.orders.fra).toHaveLength(4);
    const state = (await store.state(gameId)) as IndustrialState;
    expect(
      state.units
        .filter((u) => u.nation === 'fra')
        .map((u) => `${u.type}@${u.province}`)
        .sort(),
    ).toEqual(['artillery@par', 'general@par', 'infantry@par', 'infantry@par', 'infantry@par', 'infantry@par', 'warship@eng']);
    // Britain sent nothing: its orders were not refused, but its starting resources went to London.
    expect(state.units.filter((u) => u.nation === 'gbr').map((u) => u.province)).toEqual(['lon', 'lon', 'lon', 'lon', 'lon', 'lon']);
    expect(state.nations.fra.undeployed).toBeUndefined();

    // The reports: France's shows its orders and gold; the public update and Prussia's do not.
    const { game } = openGame(gameId, starterFiles());
    const france = renderPrivateReport(game!, record, 'fra').text;
    const prussia = renderPrivateReport(game!, record, 'ger').text;
    const update = renderPublicUpdate(game!, record, { flavour: 'discourse' }).text;
    // Reports print each order in words.
    expect(france).toContain('You deploy 1 warship in English Channel.');
    for (const text of [prussia, update]) expect(text).not.toContain('You deploy 1 warship in English Channel.');
    expect(prussia).toContain('You deploy 1 general in Berlin.');
    expect(update).not.toContain('gold');
  });
});
