// Where the DATC JSON cannot judge a case (marked `ignore`) or judges it against the DATC's own text,
// the ruling here replaces its expectation. Each is decided by the DATC 3.0 text, quoted in `why`
// and in docs/rules/warfare.md, and checked like any other case.
import type { Expected } from './cases.ts';

export interface Ruling {
  why: string;
  /** Expectations replaced or added, by order text. */
  expect?: Record<string, Expected>;
  /** The case's orders replaced (orders the JSON could not write down). */
  orders?: Record<string, Expected>;
  preceding?: Record<string, Expected>;
  civilDisorder?: string[];
}

const unspecifiedCoast = 'A support naming no coast supports a move to either coast of the province (DATC 4.B.4)';

export const rulings: Record<string, Ruling> = {
  t6b07_supporting_with_unspecified_coast: {
    why: `${unspecifiedCoast}: "I prefer that the support succeeds and the Italian fleet in the Western Mediterranean bounces."`,
    expect: { 'FRA: F por supports F mao -> spa': 'Succeeds', 'ITA: F wes -> spa(sc)': 'Fails' },
  },
  t6b08_supporting_with_unspecified_coast_when_only_one_coast_is_possible: {
    why: `${unspecifiedCoast}: "Support of Portugal is successful and the Italian fleet in the Western Mediterranean bounces with the French fleet from Gascony."`,
    expect: { 'FRA: F por supports F gas -> spa': 'Succeeds', 'ITA: F wes -> spa(sc)': 'Fails' },
  },
  t6b15_supporting_foreign_unit_with_unspecified_coast: {
    why: `${unspecifiedCoast}: "I prefer that the support succeeds and the Italian fleet in the Western Mediterranean bounces" (so the English fleet bounces too; the JSON's "Succeeds" fits no ruling).`,
    expect: { 'FRA: F por supports F mao -> spa': 'Succeeds', 'ENG: F mao -> spa(nc)': 'Fails', 'ITA: F wes -> spa(sc)': 'Fails' },
  },
  t6g19_swapping_with_intent_of_unnecessary_convoy: {
    why: 'DATC 6.G.19: "the fleet in Western Mediterranean is not necessary for this convoy and not necessary for any other convoy route. Therefore, this order should be considered illegal", so France shows no intent and the armies bounce.',
    expect: { 'FRA: F wes convoys mar -> spa': 'Fails' },
  },
  t6h01_no_supports_during_retreat: {
    why: 'DATC 6.H.1: "The Austrian support order is illegal. Both dislodged fleets are disbanded." The support order is given in the retreat phase, as in the DATC.',
    orders: { 'AUS: F tri -> alb': 'Fails', 'AUS: A ser supports F tri -> alb': 'Fails', 'TUR: F gre -> alb': 'Fails' },
  },
  t6h02_no_supports_from_retreating_unit: {
    why: 'DATC 6.H.2: "Although the fleet in Holland may receive an order, it may not support (it is disbanded). The English fleet in Norway and the Russian fleet in Edinburgh bounce and are disbanded." The JSON writes Norway as "nor"; the DATC\'s orders are used.',
    preceding: {
      'ENG: A lvp -> edi': 'Succeeds',
      'ENG: F yor supports A lvp -> edi': null,
      'ENG: F nwy hold': 'Fails',
      'GER: A kie supports A ruh -> hol': null,
      'GER: A ruh -> hol': 'Succeeds',
      'RUS: F edi hold': 'Fails',
      'RUS: A swe supports A fin -> nwy': null,
      'RUS: A fin -> nwy': 'Succeeds',
      'RUS: F hol hold': 'Fails',
    },
    orders: { 'ENG: F nwy -> nth': 'Fails', 'RUS: F edi -> nth': 'Fails', 'RUS: F hol supports F edi -> nth': 'Fails' },
  },
  t6h03_no_convoy_during_retreat: {
    why: 'DATC 6.H.3: "The convoy order is illegal. The army in Holland is disbanded." The JSON leaves out the German orders that dislodge Holland; the DATC\'s are used.',
    preceding: { 'ENG: F nth hold': 'Succeeds', 'ENG: A hol hold': 'Fails', 'GER: F kie supports A ruh -> hol': null, 'GER: A ruh -> hol': 'Succeeds' },
    orders: { 'ENG: A hol -> yor': 'Fails', 'ENG: F nth convoys hol -> yor': 'Fails' },
  },
  t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario: {
    why: 'DATC 6.J.9: "The distance of the fleet to St Petersburg(sc) is three but to St Petersburg(nc) is two. So, the army in Greece must be removed." The JSON expects the fleet because its map lacks the Norway - St Petersburg border.',
    civilDisorder: ['RUS: A alb'],
  },
};
