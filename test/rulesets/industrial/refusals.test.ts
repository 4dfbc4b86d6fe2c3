// "Understood, not allowed": each refusal the industrial ruleset gives a player, by its code, from
// the smallest state that calls for it. Each case names the passage or ruling it follows; a check
// that stopped refusing, or refused for another reason, fails its case.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/engine/index.ts';
import { industrial } from '../../../src/rulesets/industrial/index.ts';
import { extraOf, type IndustrialNation, type IndustrialState } from '../../../src/rulesets/industrial/state.ts';
import { context } from './support.ts';

const ctx = context();

const nation = (id: string, name: string, capital: string, extra: Partial<IndustrialNation> = {}): IndustrialNation => ({
  id,
  name,
  gold: 1000,
  tech: 2,
  capital,
  killOnSight: [],
  ...extra,
});

/** France with troops in Paris and Picardy, a warship in Brest's port and one at sea, an army aboard in the Channel. */
function base(): IndustrialState {
  return {
    turn: 3,
    phase: 'orders',
    nations: { fra: nation('fra', 'France', 'par'), ger: nation('ger', 'Prussia', 'ber'), gbr: nation('gbr', 'Britain', 'lon') },
    provinces: {
      par: { owner: 'fra', railroad: true, factory: true },
      bre: { owner: 'fra', port: 1, railroad: true },
      pic: { owner: 'fra', railroad: true },
      mar: { owner: 'fra', port: 1, railroad: true },
      bur: { owner: null },
      bel: { owner: null },
      con: { owner: null },
      ruh: { owner: 'ger', railroad: true, factory: true },
      ber: { owner: 'ger', port: 1, railroad: true },
      lon: { owner: 'gbr', port: 2, railroad: true, factory: true },
    },
    units: [
      { id: 'i1', type: 'infantry', nation: 'fra', province: 'par', tech: 2 },
      { id: 'i2', type: 'infantry', nation: 'fra', province: 'pic', tech: 2 },
      { id: 'w1', type: 'warship', nation: 'fra', province: 'bre', tech: 2 },
      { id: 'w2', type: 'warship', nation: 'fra', province: 'mao', tech: 2 },
      { id: 'w3', type: 'warship', nation: 'fra', province: 'eng', tech: 2 },
      { id: 'i3', type: 'infantry', nation: 'fra', province: 'eng', tech: 2, aboard: 'w3' },
    ],
    nextUnitId: 100,
    extra: {
      nextId: 5,
      builds: [],
      payments: [],
      agreements: [],
      missions: [],
      treaties: [
        {
          id: 't1',
          drafter: 'fra',
          parties: ['fra', 'ger'],
          terms: 'peace',
          expectations: [{ kind: 'peace' }],
          ratifiedBy: ['fra'],
          inForce: false,
          broken: [],
        },
      ],
    },
  } as IndustrialState;
}

interface Case {
  code: string;
  why: string;
  order: Order;
  ahead?: Order[];
  /** Changes the base state for this case. */
  state?: (s: IndustrialState) => void;
}

const CASES: Case[] = [
  { code: 'NOT_UNDERSTOOD', why: 'an order kind the game does not have', order: { kind: 'fly', province: 'par' } },
  {
    code: 'NOTHING_TO_DEPLOY',
    why: 'New Game: only the starting resources are deployed',
    order: { kind: 'deploy', province: 'par', unitType: 'infantry', count: 2 },
    state: (s) => ((s.turn = 1), (s.nations.fra.undeployed = { infantry: 1 })),
  },
  {
    code: 'NOT_YOURS',
    why: "New Game: resources deploy in the nation's own provinces",
    order: { kind: 'deploy', province: 'ruh', unitType: 'infantry' },
    state: (s) => ((s.turn = 1), (s.nations.fra.undeployed = { infantry: 1 })),
  },
  {
    code: 'NO_PORT',
    why: 'New Game: ships deploy in a port',
    order: { kind: 'deploy', province: 'par', unitType: 'warship' },
    state: (s) => ((s.turn = 1), (s.nations.fra.undeployed = { warship: 1 })),
  },
  {
    code: 'NO_ACTIONS_LEFT',
    why: 'Naval Movement: a set number of movement actions a turn (option shipActions, 3)',
    ahead: [
      { kind: 'sail', province: 'mao', target: 'eng' },
      { kind: 'sail', province: 'eng', target: 'nth' },
      { kind: 'sail', province: 'nth', target: 'bal' },
    ],
    order: { kind: 'sail', province: 'bal', target: 'nth' },
  },
  { code: 'IN_PORT', why: 'warships in port cannot support, supply or blockade', order: { kind: 'blockade', province: 'bre', target: 'pic' } },
  { code: 'NO_PORT', why: 'a blockade closes a port', order: { kind: 'blockade', province: 'mao', target: 'con' } },
  { code: 'NOT_LAND', why: 'forces disembark onto a coast', order: { kind: 'disembark', province: 'eng', target: 'mao' } },
  {
    code: 'RAIL_FIRST',
    why: 'Rail Movement must be ordered before any other order given to the land unit',
    ahead: [{ kind: 'entrench', province: 'par' }],
    order: { kind: 'rail', province: 'par', target: 'bre' },
  },
  { code: 'CAPITAL_HELD', why: 'a provisional capital replaces a lost capital', order: { kind: 'provisional-capital', province: 'pic' } },
  {
    code: 'NOT_CONTROLLED',
    why: 'the provisional capital is a province the nation controls',
    order: { kind: 'provisional-capital', province: 'bur' },
    state: (s) => (s.provinces.par.occupier = 'ger'),
  },
  {
    code: 'NO_PROVINCE',
    why: 'a build without a place goes to the capital',
    order: { kind: 'build', what: 'factory' },
    state: (s) => (s.nations.fra.capital = null),
  },
  { code: 'NOT_YOURS', why: 'building is in provinces the nation owns and holds', order: { kind: 'build', what: 'factory', province: 'ruh' } },
  { code: 'NOT_COASTAL', why: 'a port is built on a coast', order: { kind: 'build', what: 'port', province: 'par' } },
  { code: 'NOT_COASTAL', why: 'a canal is dug on a coast', order: { kind: 'build', what: 'canal', province: 'par' } },
  { code: 'NO_FORT', why: 'only an active fort is mothballed', order: { kind: 'build', what: 'fort-mothball', province: 'par' } },
  { code: 'NO_CANAL', why: 'investment goes into a canal there is', order: { kind: 'build', what: 'canal-investment', province: 'bre' } },
  { code: 'TOP_TECH', why: 'tech levels run 1 to 5', order: { kind: 'build', what: 'tech' }, state: (s) => (s.nations.fra.tech = 5) },
  { code: 'ONE_TECH', why: 'one tech level upgrade at a time', ahead: [{ kind: 'build', what: 'tech' }], order: { kind: 'build', what: 'tech' } },
  { code: 'NO_SUCH_PAYMENT', why: 'a payment is authorized by its payer', order: { kind: 'authorize-payment', payment: 'p9' } },
  { code: 'NO_TERMS', why: 'a treaty has terms', order: { kind: 'draft-treaty', nation: 'ger' } },
  {
    code: 'PAYMENT_PARTIES',
    why: "a treaty's payment is from one party to another",
    order: { kind: 'draft-treaty', nation: 'ger', amount: 5, payer: 'fra', payee: 'fra' },
  },
  { code: 'ALREADY_RATIFIED', why: 'each party ratifies once', order: { kind: 'ratify-treaty', treaty: 't1' } },
  { code: 'NO_SUCH_AGREEMENT', why: "a party expunges its own agreement's record", order: { kind: 'expunge-agreement', agreement: 'a9' } },
];

describe('industrial refusals', () => {
  it.each(CASES.map((c) => [c.code, c.why, c] as const))('%s: %s', (code, _why, c) => {
    const state = base();
    c.state?.(state);
    const verdict = industrial.validate(ctx, state, 'fra', c.order, c.ahead ?? []);
    expect(verdict).toMatchObject({ ok: false, code });
  });

  it('accepts each of those orders once the state allows it', () => {
    // The base state refuses none of these: a refusal above comes from the case's own change, or its order.
    const allowed: Order[] = [
      { kind: 'sail', province: 'mao', target: 'eng' },
      { kind: 'blockade', province: 'mao', target: 'bre' },
      { kind: 'disembark', province: 'eng', target: 'pic' },
      { kind: 'rail', province: 'par', target: 'bre' },
      { kind: 'build', what: 'academy' },
      { kind: 'build', what: 'port', province: 'pic' },
      { kind: 'build', what: 'tech' },
      { kind: 'draft-treaty', nation: 'ger', peace: true },
      { kind: 'ratify-treaty', treaty: 't1' },
    ];
    const state = base();
    extraOf(state).treaties[0].ratifiedBy = ['ger'];
    for (const order of allowed) expect(industrial.validate(ctx, state, 'fra', order, []), JSON.stringify(order)).toMatchObject({ ok: true });
  });
});
