// Warfare order lines as forum players write them, for France in Spring 1901 (units A Par, A Mar,
// F Bre) and without a state, with the standard abbreviations and the rule document's own wording.
import { ALIASES } from '../standard-aliases.ts';
import { product, sample, seeded, wrapped, type CorpusCase } from './variants.ts';

/** How players write each province: code, name, capitals, abbreviations, a slip in a long name. */
const NAMES: Record<string, string[]> = {
  par: ['Par', 'par', 'PAR', 'Paris'],
  mar: ['Mar', 'Marseilles', 'Marseille', 'MAR'],
  bre: ['Bre', 'Brest', 'BRE'],
  bur: ['Bur', 'Burgundy', 'BUR', 'Burgandy'],
  pic: ['Pic', 'Picardy', 'PIC', 'Picrdy'],
  gas: ['Gas', 'Gascony', 'GAS', 'Gascny'],
  spa: ['Spa', 'Spain', 'SPA'],
  pie: ['Pie', 'Piedmont', 'PIE', 'Piedmnt'],
  mao: ['MAO', 'Mid', 'Mid-Atlantic', 'Mid Atlantic', 'Mid-Atl', 'Mid-Atlantic Ocean', 'MAT'],
  eng: ['ENG', 'Eng', 'English Channel', 'the Channel', 'ECH'],
  mun: ['Mun', 'Munich'],
};

const ARMY_AT = (n: string) => [
  `A ${n}`,
  `Army ${n}`,
  `the army in ${n}`,
  `${n} army`,
  `army @ ${n}`,
  `my army in ${n}`,
  `The French army in ${n}`,
  `A @ ${n}`,
];
const FLEET_AT = (n: string) => [`F ${n}`, `Fleet ${n}`, `the fleet in ${n}`, `${n} fleet`, `fleet @ ${n}`, `my fleet at ${n}`];

const MOVE_FORMS: Array<(u: string, t: string) => string> = [
  (u, t) => `${u} - ${t}`,
  (u, t) => `${u} -> ${t}`,
  (u, t) => `${u} to ${t}`,
  (u, t) => `${u} moves to ${t}`,
  (u, t) => `${u} move into ${t}`, // the rule document: "move into an adjacent province"
  (u, t) => `${u} attacks ${t}`,
  (u, t) => `move ${u} to ${t}`,
  (u, t) => `${u} => ${t}`,
  (u, t) => `${u} → ${t}`,
  (u, t) => `${u} advances to ${t}`,
];

const move = (type: string, province: string, target: string) => ({ kind: 'move', unitType: type, province, target });

function moveCase(type: 'army' | 'fleet', from: string, to: string, count: number, random: () => number): CorpusCase {
  const units = NAMES[from].flatMap(type === 'army' ? ARMY_AT : FLEET_AT);
  const forms = product(units, NAMES[to]).flatMap(([u, t]) => MOVE_FORMS.map((f) => f(u, t)));
  const tight = [`${type === 'army' ? 'A' : 'F'} ${NAMES[from][0]}-${NAMES[to][0]}`];
  return { name: `${type} ${from} moves to ${to}`, orders: [move(type, from, to)], lines: [...tight, ...wrapped(sample(forms, 40, random), count, random)] };
}

export function warfareStateCases(): CorpusCase[] {
  const random = seeded(1901);
  const cases: CorpusCase[] = [];
  for (const [from, to] of [
    ['par', 'bur'],
    ['par', 'pic'],
    ['par', 'gas'],
    ['mar', 'spa'],
    ['mar', 'pie'],
    ['mar', 'bur'],
    ['mar', 'gas'],
  ])
    cases.push(moveCase('army', from, to, 70, random));
  for (const to of ['mao', 'eng', 'pic', 'gas']) cases.push(moveCase('fleet', 'bre', to, 70, random));

  const holds = (u: string[]) => u.flatMap((x) => [`${x} H`, `${x} holds`, `${x} stands`, `hold ${x}`, `${x} stays put`, `${x} defends`, `${x} hold`]);
  cases.push({
    name: 'the army in Paris holds',
    orders: [{ kind: 'hold', unitType: 'army', province: 'par' }],
    lines: wrapped(holds(NAMES.par.flatMap(ARMY_AT)), 50, random),
  });
  cases.push({
    name: 'the fleet in Brest holds',
    orders: [{ kind: 'hold', unitType: 'fleet', province: 'bre' }],
    lines: wrapped(holds(NAMES.bre.flatMap(FLEET_AT)), 50, random),
  });

  const supportMove = (sup: string[], sub: string[], to: string[]) =>
    product(product(sup, sub), to).flatMap(([[s, u], t]) => [
      `${s} S ${u} - ${t}`,
      `${s} supports ${u} - ${t}`,
      `${s} supports ${u} to ${t}`,
      `${s} S ${u} -> ${t}`,
      `support ${u} - ${t} with ${s}`,
      `${s} support ${u} move into ${t}`,
    ]);
  cases.push({
    name: 'Marseilles supports Paris into Burgundy',
    orders: [{ kind: 'support', unitType: 'army', province: 'mar', subjectType: 'army', subject: 'par', target: 'bur' }],
    lines: wrapped(
      supportMove(['A Mar', 'Army Marseilles', 'A Marseilles', 'the army in Marseilles'], ['A Par', 'army Paris', 'A Paris', 'the army in Paris'], NAMES.bur),
      70,
      random,
    ),
  });
  cases.push({
    name: 'Brest supports Paris into Picardy',
    orders: [{ kind: 'support', unitType: 'fleet', province: 'bre', subjectType: 'army', subject: 'par', target: 'pic' }],
    lines: wrapped(supportMove(['F Bre', 'Fleet Brest', 'F Brest', 'the fleet in Brest'], ['A Par', 'army Paris', 'A Paris'], NAMES.pic), 60, random),
  });
  cases.push({
    name: 'Paris supports the German army in Munich into Burgundy',
    orders: [{ kind: 'support', unitType: 'army', province: 'par', subjectType: 'army', subject: 'mun', target: 'bur' }],
    lines: wrapped(supportMove(['A Par', 'Army Paris'], ['A Mun', 'the German army in Munich', 'German army Munich'], ['Bur', 'Burgundy']), 40, random),
  });
  cases.push({
    name: 'Paris supports the fleet in Brest holding',
    orders: [{ kind: 'support', unitType: 'army', province: 'par', subjectType: 'fleet', subject: 'bre' }],
    lines: wrapped(
      product(['A Par', 'Army Paris', 'the army in Paris'], ['F Bre', 'F Brest', 'the fleet in Brest']).flatMap(([s, u]) => [
        `${s} S ${u}`,
        `${s} supports ${u}`,
        `${s} supports ${u} holding`,
        `${s} S ${u} H`,
      ]),
      40,
      random,
    ),
  });

  // No place to start from: the army of France next to the target, or the GM when two are.
  cases.push({
    name: 'move army to Picardy: only Paris is next to it',
    orders: [move('army', 'par', 'pic')],
    lines: wrapped(['move army to Picardy', 'move an army to Pic', 'march army to Picardy'], 20, random),
  });
  cases.push({
    name: 'move army to Spain: only Marseilles is next to it',
    orders: [move('army', 'mar', 'spa')],
    lines: wrapped(['move army to Spain', 'move an army to Spa', 'advance army to Spain'], 20, random),
  });
  cases.push({
    name: 'move fleet to the Channel: only Brest',
    orders: [move('fleet', 'bre', 'eng')],
    lines: wrapped(['move fleet to the Channel', 'move a fleet to ENG', 'sail fleet to English Channel'], 20, random),
  });
  cases.push({
    name: 'move army to Burgundy: Paris or Marseilles, the GM decides',
    ambiguous: [[move('army', 'par', 'bur'), move('army', 'mar', 'bur')]],
    lines: wrapped(['move army to Burgundy', 'move an army to Bur', 'march army to Burgundy'], 20, random),
  });

  // One slip in a three-letter code, forgiven when one province fits the order.
  cases.push({
    name: 'a slip in a code that only one province fits',
    orders: [move('fleet', 'bre', 'mao')],
    lines: ['F Bre - Mxo', 'F Bre - Moa', 'F Bre - Mao.', 'F Bre - MAP'],
  });
  cases.push({ name: 'a slip in a code for Burgundy', orders: [move('army', 'par', 'bur')], lines: ['A Par - Bxr', 'A Par - Bjr'] });
  cases.push({
    name: 'a slip that fits Brest and Burgundy alike: the GM decides',
    ambiguous: [[move('army', 'par', 'bre'), move('army', 'par', 'bur')]],
    lines: ['A Par - Bue', 'A Par - Bru'],
  });

  cases.push({
    name: 'a place nobody knows',
    errors: [{ contains: 'I do not know a place called' }],
    lines: wrapped(['A Par - Xyzzy', 'A Par - Qqqq', 'Army Paris to Zzyzx'], 20, random),
  });
  cases.push({
    name: 'a condition instead of an order',
    errors: [{ contains: 'not conditions' }],
    lines: ['If Germany attacks, A Par - Bur', 'if England moves to the Channel, F Bre - Mao', 'Unless Italy moves, A Mar - Pie'],
  });
  cases.push({
    name: 'no army next to the place',
    errors: [{ contains: 'You have no army next to Moscow' }],
    lines: ['move army to Moscow', 'move an army to Mos'],
  });
  return cases;
}

export function warfareNoStateCases(): CorpusCase[] {
  const random = seeded(1902);
  const cases: CorpusCase[] = [];
  // Every abbreviation the standard map ships, as a fleet's target: "F Lon - NRG".
  const byProvince = new Map<string, string[]>();
  for (const [alias, province] of Object.entries(ALIASES)) byProvince.set(province, [...(byProvince.get(province) ?? []), alias]);
  for (const [province, aliases] of byProvince) {
    const forms = aliases.flatMap((a) => [
      `F Lon - ${a}`,
      `F Lon - ${a.toUpperCase()}`,
      `Fleet London to ${a}`,
      `F Lon -> ${a}`,
      `the fleet in London sails to ${a}`,
    ]);
    cases.push({
      name: `the abbreviations of ${province}`,
      orders: [{ kind: 'move', unitType: 'fleet', province: 'lon', target: province }],
      lines: wrapped(forms, Math.min(30, forms.length * 3), random),
    });
  }
  const convoyForms = [
    'F Nth C A Lon - Nwy',
    'F NTH C A LON - NWY',
    'F North Sea convoys A London to Norway',
    'F Nts C A Lon - Nor',
    'Fleet in North Sea convoy army in London to Norway',
    'convoy A Lon to Nwy with F Nth',
    'F Nth convoys the army in London to Norway',
    'F nth c a lon-nwy',
    'Fleet North Sea convoys Army London -> Norway',
  ];
  cases.push({
    name: 'a convoy',
    orders: [{ kind: 'convoy', unitType: 'fleet', province: 'nth', subject: 'lon', target: 'nwy' }],
    lines: wrapped(convoyForms, 80, random),
  });
  const builds: Array<[string, Record<string, unknown>, string[]]> = [
    [
      'a fleet in London',
      { kind: 'build', unitType: 'fleet', province: 'lon' },
      ['Build F Lon', 'build a fleet in London', 'B F Lon', 'Build fleet London', 'London: build fleet', 'build F @ Lon'],
    ],
    [
      'an army in Liverpool',
      { kind: 'build', unitType: 'army', province: 'lvp' },
      ['Build A Lvp', 'build an army in Liverpool', 'B A Lpl', 'Build army Liverpool', 'build A @ Lvp', 'Build A Livp'],
    ],
    [
      'a fleet on the north coast of St Petersburg',
      { kind: 'build', unitType: 'fleet', province: 'stp', coast: 'nc' },
      [
        'Build F Stp/nc',
        'build a fleet in St Petersburg (north coast)',
        'Build F StP nc',
        'Build fleet Saint Petersburg north coast',
        'Build F St. Petersburg/nc',
      ],
    ],
  ];
  for (const [name, order, forms] of builds) cases.push({ name: `build ${name}`, orders: [order], lines: wrapped(forms, 50, random) });
  cases.push({
    name: 'waive a build',
    orders: [{ kind: 'waive' }],
    lines: wrapped(['Waive', 'waive one build', 'no build', 'skip build', 'Waive build'], 40, random),
  });
  const retreat = { kind: 'retreat', unitType: 'army', province: 'par', target: 'pic' };
  cases.push({
    name: 'a retreat',
    orders: [retreat],
    lines: wrapped(['A Par R Pic', 'A Paris retreats to Picardy', 'retreat A Par to Pic', 'Army Paris retreat Picardy', 'A Par R Picardy'], 50, random),
  });
  // Two seas begin "N... Sea": the GM decides.
  cases.push({
    name: 'N. Sea is two seas',
    ambiguous: [
      [
        { kind: 'move', unitType: 'fleet', province: 'lon', target: 'nth' },
        { kind: 'move', unitType: 'fleet', province: 'lon', target: 'nwg' },
      ],
    ],
    lines: wrapped(['F Lon - N. Sea', 'F Lon - N Sea', 'Fleet London to N. Sea'], 20, random),
  });
  cases.push({
    name: 'a build without a unit type on a coast',
    ambiguous: [
      [
        { kind: 'build', unitType: 'army', province: 'lon' },
        { kind: 'build', unitType: 'fleet', province: 'lon' },
      ],
    ],
    lines: wrapped(['Build Lon', 'build London', 'Build in London'], 20, random),
  });
  return cases;
}
