// Warfare order lines in the conventions of other judges and hosts, as players paste or type them:
// njudge and DPjudge order strings (capitals, no spaces, the winter shorthand), the DATC's long
// names, webDiplomacy's order log, Backstabbr's arrows, coasts in every spelling, and the words
// around an order that say it is not given now. The expectations come from the order meant here.
import type { CorpusCase } from './variants.ts';

const move = (unitType: string, province: string, target: string, targetCoast?: string) =>
  targetCoast ? { kind: 'move', unitType, province, target, targetCoast } : { kind: 'move', unitType, province, target };

/**
 * Each way a judge or host writes a move, for a unit letter, unit word, place code and place name.
 * Without the board (`typed`), only the forms that say the unit's type: "London → North Sea" could be
 * an army or a fleet, and the GM would be asked.
 */
function moveLines(letter: string, word: string, from: [string, string], to: [string, string], typed = false): string[] {
  const [fc, fn] = from;
  const [tc, tn] = to;
  const up = (s: string) => s.toUpperCase();
  const lines = [
    // njudge / DPjudge
    `${letter} ${up(fc)}-${up(tc)}`,
    `${letter} ${up(fc)} - ${up(tc)}`,
    `${letter} ${up(fc)} -> ${up(tc)}`,
    `${up(word)} ${up(fn)} - ${up(tn)}`,
    `${letter} ${up(fc)} MOVE ${up(tc)}`,
    `${letter} ${up(fc)} M ${up(tc)}`,
    // the DATC
    `${letter} ${fn} - ${tn}`,
    `${letter} ${fn}-${tn}`,
    // webDiplomacy's order log
    `${letter} ${fn} move to ${tn}`,
    `${letter} ${fn} move to ${tn}.`,
    // Backstabbr and forum English
    `${fn} → ${tn}`,
    `${fn} -> ${tn}`,
    `${word} ${fn} → ${tn}`,
    `${fn} ${word.toLowerCase()} to ${tn}`,
    `${letter} ${fc} to ${tn}`,
  ];
  return typed ? lines.filter((l) => !l.startsWith(fn)) : lines;
}

function holdLines(letter: string, word: string, at: [string, string]): string[] {
  const [c, n] = at;
  return [
    `${letter} ${c.toUpperCase()} H`,
    `${letter} ${c.toUpperCase()} HOLD`,
    `${word.toUpperCase()} ${n.toUpperCase()} HOLDS`,
    `${letter} ${n} Hold`,
    `${letter} ${n} hold.`,
    `${n} holds`,
    `${letter} ${c} stands`,
  ];
}

/** A unit letter and word, where from and where to (code and name). */
type Move = ['A' | 'F', string, [string, string], [string, string]];

function moveCases(moves: readonly Move[], typed = false): CorpusCase[] {
  return moves.map(([letter, word, from, to]) => ({
    name: `${word} ${from[0]} moves to ${to[0]}`,
    orders: [move(word.toLowerCase(), from[0], to[0])],
    lines: moveLines(letter, word, from, to, typed),
  }));
}

/** France in Spring 1901 (A Par, A Mar, F Bre). */
export function warfareConventionSpringCases(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const moves: Move[] = [
    ['A', 'Army', ['par', 'Paris'], ['bur', 'Burgundy']],
    ['A', 'Army', ['par', 'Paris'], ['pic', 'Picardy']],
    ['A', 'Army', ['par', 'Paris'], ['gas', 'Gascony']],
    ['A', 'Army', ['mar', 'Marseilles'], ['spa', 'Spain']],
    ['A', 'Army', ['mar', 'Marseilles'], ['pie', 'Piedmont']],
    ['F', 'Fleet', ['bre', 'Brest'], ['mao', 'Mid-Atlantic Ocean']],
    ['F', 'Fleet', ['bre', 'Brest'], ['eng', 'English Channel']],
    ['F', 'Fleet', ['bre', 'Brest'], ['pic', 'Picardy']],
    ['F', 'Fleet', ['bre', 'Brest'], ['gas', 'Gascony']],
    ['A', 'Army', ['mar', 'Marseilles'], ['bur', 'Burgundy']],
    ['A', 'Army', ['mar', 'Marseilles'], ['gas', 'Gascony']],
  ];
  cases.push(...moveCases(moves));
  cases.push({
    name: 'the army in Paris holds',
    orders: [{ kind: 'hold', unitType: 'army', province: 'par' }],
    lines: holdLines('A', 'Army', ['par', 'Paris']),
  });
  cases.push({
    name: 'the army in Marseilles holds',
    orders: [{ kind: 'hold', unitType: 'army', province: 'mar' }],
    lines: holdLines('A', 'Army', ['mar', 'Marseilles']),
  });
  cases.push({
    name: 'the fleet in Brest holds',
    orders: [{ kind: 'hold', unitType: 'fleet', province: 'bre' }],
    lines: holdLines('F', 'Fleet', ['bre', 'Brest']),
  });
  cases.push({
    name: 'Marseilles supports Paris into Burgundy',
    orders: [{ kind: 'support', unitType: 'army', province: 'mar', subjectType: 'army', subject: 'par', target: 'bur' }],
    lines: [
      'A MAR S A PAR-BUR',
      'A MAR S A PAR - BUR',
      'A MAR SUPPORT A PAR - BUR',
      'A Marseilles Supports A Paris - Burgundy',
      'A Marseilles S A Paris-Burgundy',
    ],
  });
  cases.push({
    name: 'Marseilles supports Paris into Burgundy, the unit type of the supported left out',
    orders: [{ kind: 'support', unitType: 'army', province: 'mar', subject: 'par', target: 'bur' }],
    lines: ['A MAR S PAR-BUR', 'A Marseilles support move to Burgundy from Paris.', 'Marseilles supports Paris → Burgundy', 'A Mar S Par → Bur'],
  });
  cases.push({
    name: 'Brest supports Paris into Picardy',
    orders: [{ kind: 'support', unitType: 'fleet', province: 'bre', subjectType: 'army', subject: 'par', target: 'pic' }],
    lines: ['F BRE S A PAR-PIC', 'F Brest Supports A Paris - Picardy', 'F BRE SUPPORT A PAR -> PIC'],
  });
  const notGiven = [
    'Do NOT move A Par - Bur',
    "I won't do A Par - Bur",
    'Should I do A Par - Bur?',
    'Maybe A Par - Bur',
    "In the fall I'll probably do A Par - Bur",
    "I'll support A Par - Bur with A Mar if you want",
    'A Par - Bur unless Germany objects',
    'A Par - Bur next turn',
    'Perhaps A PAR-BUR',
    'A PAR-BUR?',
    'I think A Par - Bur',
    'never A Par - Bur',
    'A Par - Bur if Germany moves first',
    "don't do A PAR - BUR",
    'Probably F BRE-MAO',
  ];
  cases.push({ name: 'an order said not to be given now is never carried out', errors: [{ contains: 'Not carried out' }], lines: notGiven });
  return cases;
}

/** Without a state, England and France: convoys, supports to hold, coasts in every spelling. */
export function warfareConventionNoStateCases(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const moves: Move[] = [
    ['F', 'Fleet', ['lon', 'London'], ['nth', 'North Sea']],
    ['F', 'Fleet', ['lon', 'London'], ['eng', 'English Channel']],
    ['F', 'Fleet', ['edi', 'Edinburgh'], ['nwg', 'Norwegian Sea']],
    ['F', 'Fleet', ['edi', 'Edinburgh'], ['nth', 'North Sea']],
    ['A', 'Army', ['lvp', 'Liverpool'], ['yor', 'Yorkshire']],
    ['A', 'Army', ['lvp', 'Liverpool'], ['wal', 'Wales']],
    ['F', 'Fleet', ['nth', 'North Sea'], ['nwy', 'Norway']],
    ['A', 'Army', ['yor', 'Yorkshire'], ['lon', 'London']],
    ['F', 'Fleet', ['lon', 'London'], ['yor', 'Yorkshire']],
    ['A', 'Army', ['wal', 'Wales'], ['lon', 'London']],
  ];
  cases.push(...moveCases(moves, true));
  cases.push({
    name: 'a convoy across the North Sea',
    orders: [{ kind: 'convoy', unitType: 'fleet', province: 'nth', subject: 'lon', target: 'nwy' }],
    lines: [
      'F NTH C A LON-NWY',
      'F NTH C A LON - NWY',
      'F North Sea C A London - Norway',
      'F North Sea convoy to Norway from London.',
      'F NTH CONVOY A LON - NWY',
    ],
  });
  cases.push({
    name: 'the convoyed army',
    orders: [{ kind: 'move', unitType: 'army', province: 'lon', target: 'nwy', viaConvoy: true }],
    lines: ['A LON-NTH-NWY', 'A London - North Sea - Norway', 'A LON - NWY VIA CONVOY', 'A London move to Norway via convoy', 'A Lon - Nwy via North Sea'],
  });
  cases.push({
    name: 'a support to hold',
    orders: [{ kind: 'support', unitType: 'fleet', province: 'nth', subject: 'lon' }],
    lines: ['F NTH S LON', 'F North Sea support hold to London.', 'F North Sea Supports London', 'F NTH S LON H'],
  });
  const coast = (c: 'nc' | 'sc') => {
    const word = c === 'nc' ? 'north' : 'south';
    const W = word[0].toUpperCase() + word.slice(1);
    return [
      `F MAO-SPA/${c.toUpperCase()}`,
      `F MAO - SPA/${c.toUpperCase()}`,
      `F MAO-SPA(${c.toUpperCase()})`,
      `F Mao - Spa (${c})`,
      `F Mao - Spa/${c}`,
      `F Mao - Spa ${c}`,
      `F Mao - Spa (${c[0]}.c.)`,
      `F Mid-Atlantic Ocean - Spain (${W} Coast)`,
      `F Mid-Atlantic Ocean - Spain(${c})`,
      `F Mid-Atlantic Ocean move to Spain (${W} Coast)`,
      `F Mao - Spain, ${word} coast`,
      `F Mao - Spain ${word} coast`,
      `Mid-Atlantic Ocean → Spain (${W} Coast)`,
    ];
  };
  cases.push({ name: 'to the north coast of Spain', orders: [move('fleet', 'mao', 'spa', 'nc')], lines: coast('nc') });
  cases.push({ name: 'to the south coast of Spain', orders: [move('fleet', 'mao', 'spa', 'sc')], lines: coast('sc') });
  cases.push({
    name: 'from a named coast',
    orders: [{ kind: 'move', unitType: 'fleet', province: 'stp', coast: 'sc', target: 'bot' }],
    lines: ['F STP/SC-BOT', 'F StP(sc) - Bot', 'F St Petersburg (South Coast) - Gulf of Bothnia', 'F St. Petersburg (sc) move to Gulf of Bothnia'],
  });
  return cases;
}

/** France in Winter 1901 (one build due: Paris and Brest empty). */
export function warfareConventionWinterCases(): CorpusCase[] {
  return [
    {
      name: 'an army built in Paris',
      orders: [{ kind: 'build', unitType: 'army', province: 'par' }],
      lines: ['BUILD A PAR', 'A PAR B', 'A PAR BUILD', 'A PAR', 'Build Army Paris', 'Build army Paris.', 'Build A Paris', 'B A PAR'],
    },
    {
      name: 'a fleet built in Brest',
      orders: [{ kind: 'build', unitType: 'fleet', province: 'bre' }],
      lines: ['BUILD F BRE', 'F BRE B', 'F BRE', 'Build Fleet Brest', 'Build fleet Brest.', 'f bre'],
    },
    { name: 'a build waived', orders: [{ kind: 'waive' }], lines: ['WAIVE', 'Waive build', 'waive 1 build', 'no build'] },
  ];
}

/** England in Winter 1901 (one removal due). */
export function warfareConventionRemovalCases(): CorpusCase[] {
  return [
    {
      name: 'the army in Liverpool removed',
      orders: [{ kind: 'disband', unitType: 'army', province: 'lvp' }],
      lines: ['REMOVE A LVP', 'A LVP D', 'A LVP', 'A LVP DISBAND', 'Destroy Army Liverpool', 'Disband A Lvp', 'A Liverpool disband.'],
    },
  ];
}

/** France after Spring 1901's moves: the army in Paris retreats or disbands. */
export function warfareConventionRetreatCases(): CorpusCase[] {
  return [
    {
      name: 'the army in Paris retreats to Picardy',
      orders: [{ kind: 'retreat', unitType: 'army', province: 'par', target: 'pic' }],
      lines: ['A PAR R PIC', 'A PAR-PIC', 'A PAR - PIC', 'A Paris retreat to Picardy', 'A Paris retreat to Picardy.', 'A Par R Picardy', 'Paris → Picardy'],
    },
    {
      name: 'the army in Paris disbands',
      orders: [{ kind: 'disband', unitType: 'army', province: 'par' }],
      lines: ['A PAR D', 'A PAR DISBAND', 'A Paris disband.', 'Disband A Par'],
    },
  ];
}
