// Board NES order lines as forum players write them, for Redmark in turn 3 of the small map: three
// armies in London, one in York, a fleet in the North Sea, a loaded fleet in the Channel; Bluevale
// and Greenwood send caravans. The rule document's own wording is among them.
import { product, sample, seeded, wrapped, type CorpusCase } from './variants.ts';

const NAMES: Record<string, string[]> = {
  lon: ['lon', 'London', 'LON', 'Londn'],
  yor: ['yor', 'York', 'YOR', 'Yorks'],
  wal: ['wal', 'Wales', 'WAL', 'Walse'],
  mid: ['mid', 'Midlands', 'MID', 'Midlnds', 'the Midlands'],
  nth: ['nth', 'North Sea', 'NTH', 'N. Sea'],
  eng: ['eng', 'English Channel', 'ENG', 'Channel'],
  iri: ['iri', 'Irish Sea', 'IRI'],
};
const BLUE = ['blue', 'Bluevale', 'the Blues', 'BLUE', 'bluevale'];
const GREEN = ['green', 'Greenwood', 'GREEN', 'Greenwod'];

/** How many armies, said every way: [the words, the count slot (undefined: one army)]. */
const COUNTS: Array<[string, number | 'all' | undefined]> = [
  ['army', undefined],
  ['an army', undefined],
  ['1 army', 1],
  ['2 armies', 2],
  ['two armies', 2],
  ['both armies', 2],
  ['3 armies', 3],
  ['three armies', 3],
  ['all three armies', 3],
  ['all 3 armies', 3],
  ['all armies', 'all'],
  ['all army', 'all'],
  ['every army', 'all'],
  ['armies', 'all'],
  ['troops', 'all'],
];

const move = (from: string, to: string, count: number | 'all' | undefined, claim = false) => ({
  kind: 'move',
  unitType: 'army',
  province: from,
  target: to,
  ...(count !== undefined ? { count } : {}),
  ...(claim ? { claim: true } : {}),
});

function armyMoves(from: string, to: string, counts: typeof COUNTS, claim: boolean, random: () => number): CorpusCase[] {
  return counts.map(([words, count]) => {
    const forms = product(NAMES[from], NAMES[to]).flatMap(([f, t]) => {
      const tail = claim ? ' (claim)' : '';
      const also = claim ? ' and claim it' : '';
      return [
        `Move ${words} ${f} -> ${t}${tail}`,
        `move ${words} from ${f} to ${t}${also}`,
        `my ${words} in ${f} move to ${t}${tail}`,
        `${f} ${words} to ${t}${tail}`,
        `${words} ${f} - ${t}${tail}`,
        `the ${words} in ${f} march on ${t}${also}`,
        `I'd like my ${words} in ${f} to march on ${t}${also}`,
      ];
    });
    return {
      name: `${words} from ${from} to ${to}${claim ? ', claiming it' : ''}`,
      orders: [move(from, to, count, claim)],
      lines: wrapped(sample(forms, 20, random), 14, random),
    };
  });
}

export function boardNesCases(): CorpusCase[] {
  const random = seeded(3);
  const cases: CorpusCase[] = [];
  cases.push(...armyMoves('lon', 'wal', COUNTS, false, random));
  cases.push(
    ...armyMoves(
      'lon',
      'mid',
      COUNTS.filter(([, c]) => c !== 3),
      true,
      random,
    ),
  );
  cases.push(
    ...armyMoves(
      'yor',
      'mid',
      [
        ['army', undefined],
        ['an army', undefined],
        ['all armies', 'all'],
        ['armies', 'all'],
      ],
      false,
      random,
    ),
  );
  cases.push({
    name: 'the rule document: attack with everything',
    orders: [move('lon', 'wal', 'all')],
    lines: wrapped(
      [
        'attack Wales with everything in London',
        'Attack Wales with everything I have in London',
        'invade Wales with all armies in London',
        'attack wal with all army in lon',
      ],
      24,
      random,
    ),
  });
  // The claim is read, and refused by the rules: no army stands in the Midlands.
  cases.push({
    name: 'a move and a claim in one sentence',
    orders: [move('lon', 'wal', 'all')],
    errors: [{ contains: 'You have no army in Midlands' }],
    lines: ['Hi, attack Wales with everything I have in London. Also claim Midlands.', 'attack Wales with everything in London, claim Midlands'],
  });
  cases.push({
    name: 'move army to Wales: only London is next to it',
    orders: [move('lon', 'wal', undefined)],
    lines: wrapped(['move army to Wales', 'move an army to wal', 'march army to Wales'], 20, random),
  });
  cases.push({
    name: 'move army to the Midlands: London or York, the GM decides',
    ambiguous: [[move('lon', 'mid', undefined), move('yor', 'mid', undefined)]],
    lines: wrapped(['move army to Midlands', 'move an army to the Midlands', 'march army to mid'], 20, random),
  });

  const fleet = (to: string) => ({ kind: 'move', unitType: 'fleet', province: 'nth', target: to });
  cases.push({
    name: 'the fleet in the North Sea moves',
    orders: [fleet('eng')],
    lines: wrapped(
      product(NAMES.nth, NAMES.eng).flatMap(([f, t]) => [`Move fleet ${f} -> ${t}`, `fleet ${f} to ${t}`, `F ${f} - ${t}`, `the fleet in ${f} sails to ${t}`]),
      50,
      random,
    ),
  });
  cases.push({
    name: 'every army in London holds',
    orders: [{ kind: 'hold', unitType: 'army', province: 'lon', count: 'all' }],
    lines: wrapped(
      NAMES.lon.flatMap((l) => [`Hold all army ${l}`, `all armies in ${l} hold`, `my armies in ${l} hold`, `armies ${l} stand`, `the armies in ${l} stay`]),
      40,
      random,
    ),
  });
  cases.push({
    name: 'disband two armies in London',
    orders: [{ kind: 'disband', unitType: 'army', province: 'lon', count: 2 }],
    lines: wrapped(
      NAMES.lon.flatMap((l) => [`Disband 2 army ${l}`, `disband two armies in ${l}`, `disband both armies in ${l}`, `${l} 2 armies disband`]),
      40,
      random,
    ),
  });

  const buy = (extra: Record<string, unknown>) => ({ kind: 'buy-unit', unitType: 'army', province: 'lon', ...extra });
  cases.push({
    name: 'buy an army in London',
    orders: [buy({})],
    lines: wrapped(
      NAMES.lon.flatMap((l) => [`Buy army in ${l}`, `buy an army in ${l}`, `recruit army @ ${l}`, `${l}: buy army`, `purchase an army in ${l}`]),
      40,
      random,
    ),
  });
  cases.push({
    name: 'buy two armies in York',
    orders: [{ kind: 'buy-unit', unitType: 'army', province: 'yor', count: 2 }],
    lines: wrapped(
      NAMES.yor.flatMap((l) => [`Buy 2 army in ${l}`, `buy two armies in ${l}`, `recruit 2 armies @ ${l}`, `${l}: buy 2 armies`]),
      40,
      random,
    ),
  });
  cases.push({
    name: 'buy an army in York, a slip in its code',
    orders: [{ kind: 'buy-unit', unitType: 'army', province: 'yor' }],
    lines: ['buy army in yrk', 'Buy army in yro', 'buy an army in Yokr'],
  });
  cases.push({
    name: 'buy a fleet in London for the North Sea',
    orders: [{ kind: 'buy-unit', unitType: 'fleet', province: 'lon', sea: 'nth' }],
    lines: wrapped(
      product(NAMES.lon, NAMES.nth).flatMap(([l, s]) => [`Buy fleet in ${l} at ${s}`, `buy a fleet in ${l} (${s})`, `buy fleet in ${l} into ${s}`]),
      40,
      random,
    ),
  });
  cases.push({
    name: 'a city on the base in York',
    orders: [{ kind: 'buy-structure', structure: 'city', province: 'yor' }],
    lines: wrapped(
      NAMES.yor.flatMap((l) => [`Build city in ${l}`, `build a city in ${l}`, `${l}: build city`, `upgrade ${l} to a city`]),
      30,
      random,
    ),
  });

  cases.push({
    name: 'load two armies from London onto the North Sea fleet',
    orders: [{ kind: 'load', province: 'nth', from: 'lon', count: 2 }],
    lines: wrapped(
      product(NAMES.lon, NAMES.nth).flatMap(([l, s]) => [
        `Load 2 army from ${l} onto ${s}`,
        `load two armies from ${l} onto ${s}`,
        `F ${s} loads 2 armies from ${l}`,
        `embark 2 armies from ${l} onto ${s}`,
      ]),
      50,
      random,
    ),
  });
  cases.push({
    name: 'unload the Channel fleet onto Wales and claim it',
    orders: [{ kind: 'unload', province: 'eng', target: 'wal', count: 'all', claim: true }],
    lines: wrapped(
      product(NAMES.eng, NAMES.wal).flatMap(([s, w]) => [
        `Unload all army from ${s} -> ${w} (claim)`,
        `unload all armies from ${s} to ${w} and claim it`,
        `F ${s} unloads all armies onto ${w} (claim)`,
        `land all troops from ${s} on ${w}, claiming it`,
      ]),
      50,
      random,
    ),
  });
  cases.push({
    name: 'naval attack on Bluevale in the North Sea',
    orders: [{ kind: 'naval-attack', province: 'nth', nation: 'blue' }],
    lines: wrapped(
      product(BLUE, NAMES.nth).flatMap(([b, s]) => [`Naval attack ${b} in ${s}`, `the fleets in ${s} attack ${b}`, `fleet ${s} attacks ${b}`]),
      50,
      random,
    ),
  });

  const caravan = (nation: string, count: number, escorts?: number) => ({ kind: 'caravan', nation, count, ...(escorts !== undefined ? { escorts } : {}) });
  cases.push({
    name: 'three caravans to Bluevale',
    orders: [caravan('blue', 3)],
    lines: wrapped(
      BLUE.flatMap((b) => [`Caravan 3 to ${b}`, `send 3 caravans to ${b}`, `Caravan 3 -> ${b}`, `3 caravans to ${b}`, `send three caravans to ${b}`]),
      50,
      random,
    ),
  });
  cases.push({
    name: 'three caravans and an escort to Greenwood',
    orders: [caravan('green', 3, 1)],
    lines: wrapped(
      GREEN.flatMap((g) => [
        `Caravan 3 to ${g} with 1 escort`,
        `send 3 caravans and 1 escort to ${g}`,
        `3 caravans to ${g} (1 escorted)`,
        `send 3 caravans to ${g} with an escort`,
      ]),
      50,
      random,
    ),
  });

  const steal = (nation: string, rest: Record<string, unknown>) => ({ kind: 'steal', nation, ...rest });
  const steals: Array<[string, Record<string, unknown>, (n: string) => string[]]> = [
    [
      'everything',
      { mode: 'all' },
      (n) => [`Steal everything ${n} sends`, `Steal all from ${n}`, `steal all ${n} caravans`, `steal all of ${n}'s caravans`, `rob ${n}`],
    ],
    [
      'two',
      { mode: 'count', count: 2 },
      (n) => [`Steal 2 Caravans from ${n}`, `steal 2 from ${n}`, `skim 2 caravans from ${n}`, `steal two of ${n}'s caravans`],
    ],
    [
      'all but three',
      { mode: 'all-but', count: 3 },
      (n) => [`Steal all but 3 Caravans from ${n}`, `steal all but 3 from ${n}`, `steal all but 3 of ${n}'s caravans`, `steal all except 3 from ${n}`],
    ],
    [
      'two for every five',
      { mode: 'per', count: 2, per: 5 },
      (n) => [
        `Steal 2 Caravans for every 5 ${n} sends`,
        `steal 2 per 5 from ${n}`,
        `steal 2 for every 5 ${n} sends`,
        `steal 2 caravans out of every 5 from ${n}`,
      ],
    ],
  ];
  for (const [name, rest, forms] of steals)
    cases.push({ name: `steal ${name} from Bluevale`, orders: [steal('blue', rest)], lines: wrapped(BLUE.flatMap(forms), 40, random) });
  cases.push({
    name: 'the rule document without a nation: name it',
    errors: [{ contains: 'Name the nation' }],
    lines: ['Steal everything they send', 'Steal 2 Caravans for every 5 they send', 'steal all their caravans'],
  });
  cases.push({
    name: 'a condition: send the order itself',
    errors: [{ contains: 'not conditions' }],
    lines: ['if he attacks me, steal all his caravans.', 'If Bluevale attacks, move all armies lon -> wal'],
  });

  const aim = (nation: string, province?: string) => ({ kind: 'aim', nation, ...(province ? { province } : {}) });
  cases.push({
    name: 'aim at Bluevale everywhere',
    orders: [aim('blue')],
    lines: wrapped(
      BLUE.flatMap((b) => [
        `Aim at ${b}`,
        `our armies should aim for Armies of ${b}`,
        `my armies should aim for the ${b} armies`,
        `armies aim at ${b}`,
        `target ${b}`,
      ]),
      50,
      random,
    ),
  });
  cases.push({
    name: 'aim at Greenwood in London',
    orders: [aim('green', 'lon')],
    lines: wrapped(
      product(GREEN, NAMES.lon).flatMap(([g, l]) => [`Aim at ${g} in ${l}`, `armies in ${l} aim at ${g}`, `the armies in ${l} should aim for ${g}`]),
      40,
      random,
    ),
  });
  cases.push({
    name: 'a place nobody knows',
    errors: [{ contains: 'I do not know a place called' }],
    lines: wrapped(['Move army lon -> Xyzzy', 'move 2 armies from London to Qqqqq'], 12, random),
  });
  return cases;
}
