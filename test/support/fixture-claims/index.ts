// A tiny ruleset for testing the machinery around rulesets (store, game folders, mail, turns,
// scenario runner) apart from any real rules: nations claim provinces; a contested claim is settled
// by a d6 each. It is also the worked example of docs/rulesets.md: one folder, one registry line.
import { z } from 'zod';
import { baseNationView, basePublicView, cloneState, illegal, accepted, defineRuleset, type GameEvent, type GameState } from '../../../src/engine/index.ts';
import { rulesets } from '../../../src/rulesets/index.ts';
import grammar from './grammar.generated.ts';

export const fixtureRuleset = defineRuleset<GameState, { bonus: number }>({
  id: 'fixture-claims',
  title: 'Claims (test fixture)',
  orderKinds: [{ kind: 'claim', summary: 'Claim a province.', examples: ['claim par'] }],
  language: {
    grammar,
    orderWords: ['CLAIM_VERB'],
    // Claims need no units.
    unitTypes: { land: [], coastal: [], sea: [] },
  },
  // A second claim of the same province replaces the first.
  orderSubject: (order) => `claim@${String(order.province)}`,
  options: z.strictObject({ bonus: z.number().int().default(0) }),
  setup: (ctx, nations) => ({
    turn: 1,
    phase: 'orders',
    nations: Object.fromEntries(nations.map((n) => [n.id, { id: n.id, name: n.name }])),
    provinces: Object.fromEntries(ctx.map.ids().map((id) => [id, { owner: null }])),
    units: [],
    nextUnitId: 1,
    extra: {},
  }),
  validate: (ctx, _state, _nation, order) =>
    typeof order.province === 'string' && ctx.map.has(order.province) ? accepted : illegal('NO_SUCH_PROVINCE', 'There is no such province.'),
  adjudicate: (ctx, input, orders, dice) => {
    const state = cloneState(input);
    const events: GameEvent[] = [];
    const claims = new Map<string, string[]>();
    for (const [nation, list] of Object.entries(orders)) {
      list.forEach((order, i) => {
        const verdict = fixtureRuleset.validate(ctx, state, nation, order, []);
        if (!verdict.ok) return events.push({ type: 'order.failed', nation, order: i, reason: verdict.code, message: verdict.message, audience: [nation] });
        claims.set(order.province as string, [...(claims.get(order.province as string) ?? []), nation]);
        events.push({ type: 'order.succeeded', nation, order: i, audience: [nation] });
      });
    }
    for (const [province, nations] of claims) {
      const rolls = nations.map((n) => dice.roll(6, `${n} claims ${province}`) + ctx.options.bonus);
      const best = Math.max(...rolls);
      const winners = nations.filter((_, i) => rolls[i] === best);
      if (winners.length === 1) {
        state.provinces[province].owner = winners[0];
        events.push({ type: 'province.claimed', province, nation: winners[0], audience: 'public' });
      } else events.push({ type: 'claim.tied', province, audience: 'public' });
    }
    state.turn += 1;
    return { state, events };
  },
  formatOrder: (order) => `claim ${String(order.province)}`,
  describeOrder: (ctx, order) => `You claim ${ctx.map.province(String(order.province)).name}.`,
  publicView: (_ctx, state, events) => basePublicView(state, events),
  privateView: (_ctx, state, events, nation) => baseNationView(state, events, nation),
});

if (!rulesets.has(fixtureRuleset.id)) rulesets.add(fixtureRuleset);
