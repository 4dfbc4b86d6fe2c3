// Land combat resolution, line by line as the document's pseudo-code: modifiers, infantry dice
// by technology level, the difference, casualties by the difference, and generals' rerolls.
import { isLand, type IndustrialState, type IndustrialUnit, type Tech } from './state.ts';
import { ARTILLERY, GENERAL, INFANTRY_DICE, REROLLS, TERRAIN } from './modifiers.ts';
import type { Turn } from './turn.ts';

export interface Force {
  nation: string;
  units: IndustrialUnit[];
  /** Locations this attacker attacks from (main and support): +1 each. */
  locations: number;
  /** "adjust offensive modifier by -3 if invading from warship". */
  fromWarship?: boolean;
  /** Warships supporting this force from the sea beside it. */
  ships: IndustrialUnit[];
}

export interface CombatSide {
  nation: string;
  dice: number[];
  modifier: number;
  sum: number;
  notes: string[];
}

export interface CombatResult {
  place: string;
  attacker: CombatSide;
  defender: CombatSide;
  difference: number;
  loser: 'attacker' | 'defender';
  casualties: number;
  rerolled: number;
}

export interface CombatSetting {
  place: string;
  /** Infantry offering defensive support (support not cut). */
  defensiveSupport: number;
  /** Locations attacking the place this turn, from all players: -1 each to the defender. */
  attackLocations: number;
}

const techOf = (turn: Turn, nation: string): Tech => turn.state.nations[nation]?.tech ?? 1;

export function fight(turn: Turn, setting: CombatSetting, attacker: Force, defender: Force): CombatResult {
  const { state, options } = turn;
  const province = turn.map.has(setting.place) ? turn.map.province(setting.place) : undefined;
  const terrain = province?.terrain ?? String(province?.attributes.terrain ?? 'plain');
  const jungle = terrain === 'jungle';
  const off: string[] = [];
  const def: string[] = [];
  let offence = 0;
  let defence = 0;

  if (defender.units.some((u) => u.entrenched) || state.provinces[setting.place]?.fort === 'active') {
    defence += 1;
    def.push('entrenched +1');
    if (turn.season.season === 'winter' && (options.winterEverywhere || province?.attributes.winter === true)) {
      defence += 1;
      def.push('winter +1');
    }
  }
  offence += artillery(attacker, 'offence', techOf(turn, attacker.nation), off);
  defence += artillery(defender, 'defence', techOf(turn, defender.nation), def);
  offence += general(turn, attacker, 'offence', setting.place, off);
  defence += general(turn, defender, 'defence', setting.place, def);
  if (attacker.fromWarship) {
    offence -= 3;
    off.push('from warship -3');
  }
  if (!jungle) {
    offence += warships(turn, attacker, off);
    defence += warships(turn, defender, def);
    if (setting.defensiveSupport > 0) {
      const bonus = Math.ceil(setting.defensiveSupport / 2);
      defence += bonus;
      def.push(`defensive support +${bonus}`);
    }
  } else if (setting.defensiveSupport > 0 || attacker.ships.length || defender.ships.length) {
    off.push('jungle cuts all support');
  }
  offence -= supply(attacker, off);
  defence -= supply(defender, def);
  if (TERRAIN[terrain]) {
    defence += TERRAIN[terrain];
    def.push(`${terrain} +${TERRAIN[terrain]}`);
  }
  offence += attacker.locations;
  off.push(`locations +${attacker.locations}`);
  defence -= setting.attackLocations;
  def.push(`attacked from ${setting.attackLocations} -${setting.attackLocations}`);

  let result = decide(
    turn,
    setting.place,
    rollSide(turn, setting.place, attacker, 'attacker', offence, off),
    rollSide(turn, setting.place, defender, 'defender', defence, def),
    0,
  );
  // "for each force in each combat: if force has a general ... reroll ... losing combat result";
  // with generalRerolls: worst, a season's allowance waits for the season's worst results (rerollWorst).
  for (;;) {
    const force = result.loser === 'attacker' ? attacker : defender;
    if (!mayReroll(turn, force, setting.place, result.rerolled, options.generalRerolls === 'first')) break;
    result = rerollLoser(turn, result, force);
  }
  return result;
}

/** One side's infantry dice, each with the side's modifier: "determine infantry dice" by tech level. */
function rollSide(turn: Turn, place: string, force: Force, role: 'attacker' | 'defender', modifier: number, notes: string[]): CombatSide {
  const table = INFANTRY_DICE[techOf(turn, force.nation)];
  const infantry = force.units.filter((u) => u.type === 'infantry' || u.type === 'conscript').length;
  const count = Math.ceil(infantry / table.per) * table.dice;
  const dice = Array.from({ length: count }, (_, i) =>
    turn.dice.roll(table.sides, `combat in ${place}: ${force.nation} ${role === 'attacker' ? 'attacks' : 'defends'}, die ${i + 1}`),
  );
  const bonus = role === 'defender' ? table.defending * infantry : 0;
  return { nation: force.nation, dice, modifier, sum: dice.reduce((s, d) => s + d + modifier, 0) + bonus, notes };
}

function decide(turn: Turn, place: string, attacker: CombatSide, defender: CombatSide, rerolled: number): CombatResult {
  const difference = attacker.sum - defender.sum;
  const tens = Math.floor(Math.abs(difference) / 10);
  const casualties = turn.options.casualties === 'examples' ? Math.max(1, tens) : 1 + tens;
  return { place, attacker, defender, difference, loser: difference <= 0 ? 'attacker' : 'defender', casualties, rerolled };
}

/** The losing side (`force`) rolls its dice again with the same modifiers, and the combat is decided again. */
function rerollLoser(turn: Turn, result: CombatResult, force: Force): CombatResult {
  const role = result.loser;
  const side = result[role];
  const notes = side.notes.includes('general reroll') ? side.notes : [...side.notes, 'general reroll'];
  const again = rollSide(turn, result.place, force, role, side.modifier, notes);
  return role === 'attacker'
    ? decide(turn, result.place, again, result.defender, result.rerolled + 1)
    : decide(turn, result.place, result.attacker, again, result.rerolled + 1);
}

/** A combat fought, with the forces as they fought it, for rerolls decided after the season's combats. */
export interface Fought {
  result: CombatResult;
  attacker: Force;
  defender: Force;
}

/**
 * "reroll worst losing combat result at most once this season" (tech 1-3 generals, option
 * generalRerolls: worst): once the combats are fought, each nation in the game's order rerolls
 * its worst losing results (largest difference against it) among the forces with a general, as
 * far as its allowance goes. Returns the combats whose loser changed.
 */
export function rerollWorst(turn: Turn, fought: Fought[]): Fought[] {
  const changed = new Set<Fought>();
  if (turn.options.generalRerolls !== 'worst') return [];
  const loserOf = (f: Fought) => (f.result.loser === 'attacker' ? f.attacker : f.defender);
  for (const nation of Object.keys(turn.state.nations)) {
    if (REROLLS[techOf(turn, nation)].per !== 'season') continue;
    for (;;) {
      const losing = fought.filter((f) => loserOf(f).nation === nation && loserOf(f).units.some((u) => u.type === 'general'));
      if (!losing.length) break;
      const worst = losing.reduce((w, f) => (Math.abs(f.result.difference) > Math.abs(w.result.difference) ? f : w));
      if (!mayReroll(turn, loserOf(worst), worst.result.place, worst.result.rerolled, true)) break;
      const before = worst.result.loser;
      worst.result = rerollLoser(turn, worst.result, loserOf(worst));
      if (worst.result.loser !== before) changed.add(worst);
    }
  }
  return [...changed];
}

function artillery(force: Force, side: 'offence' | 'defence', tech: Tech, notes: string[]): number {
  const guns = force.units.filter((u) => u.type === 'artillery').sort((x, y) => y.tech - x.tech);
  const cap = ARTILLERY[tech].max;
  const counted = cap === null ? guns : guns.slice(0, cap);
  const total = counted.reduce((s, g) => s + ARTILLERY[g.tech][side], 0);
  if (total) notes.push(`artillery x${counted.length} +${total}`);
  return total;
}

function general(turn: Turn, force: Force, side: 'offence' | 'defence', place: string, notes: string[]): number {
  if (!force.units.some((u) => u.type === 'general')) return 0;
  const value = GENERAL[techOf(turn, force.nation)][side];
  const bonus = value === 'd6' ? turn.dice.roll(6, `combat in ${place}: ${force.nation}'s general (${side})`) : value;
  if (bonus) notes.push(`general +${bonus}`);
  return bonus;
}

/** Tech 1 warships: half their count, rounded up; tech 2+: their level each. Each ship once a turn. */
function warships(turn: Turn, force: Force, notes: string[]): number {
  const fresh = force.ships.filter((s) => !turn.shipsUsed.has(s.id));
  const low = fresh.filter((s) => s.tech === 1);
  const high = fresh.filter((s) => s.tech > 1);
  const total = Math.ceil(low.length / 2) + high.reduce((s, h) => s + h.tech, 0);
  for (const s of fresh) turn.shipsUsed.add(s.id);
  if (total) notes.push(`warships +${total}`);
  return total;
}

function supply(force: Force, notes: string[]): number {
  const worst = Math.min(3, Math.max(0, ...force.units.filter((u) => isLand(u.type)).map((u) => u.supply ?? 0)));
  if (worst) notes.push(`supply -${worst}`);
  return worst;
}

/** Whether the losing force's general may reroll now, using up the nation's allowance (`seasonNow`: the season's allowance may be used now). */
function mayReroll(turn: Turn, force: Force, place: string, rerolledHere: number, seasonNow: boolean): boolean {
  if (!force.units.some((u) => u.type === 'general')) return false;
  const nation = turn.state.nations[force.nation];
  if (!nation) return false;
  const rule = REROLLS[nation.tech];
  if (rule.per === 'combat') return rerolledHere < rule.times;
  if (!seasonNow) return false;
  const season = `${turn.season.season} ${turn.season.year}`;
  if (nation.rerolls?.season !== season) nation.rerolls = { season, used: 0 };
  const book = nation.rerolls;
  if (rule.coin && book.granted === undefined)
    book.granted = turn.dice.roll(6, `combat in ${place}: ${force.nation}'s general tries for a reroll this season`) % 2 === 0;
  if (rule.coin && !book.granted) return false;
  if (book.used >= rule.times) return false;
  book.used += 1;
  return true;
}

/** Losses, conscripts first, then infantry, then artillery; generals are never casualties (they retreat). */
export function casualtiesOf(units: readonly IndustrialUnit[], count: number): IndustrialUnit[] {
  const order = ['conscript', 'infantry', 'artillery'];
  return [...units]
    .filter((u) => order.includes(u.type))
    .sort((x, y) => order.indexOf(x.type) - order.indexOf(y.type))
    .slice(0, count);
}

export function hostile(state: IndustrialState, a: string, b: string): boolean {
  if (a === b) return false;
  return !(state.extra.treaties ?? []).some(
    (t) => t.inForce && t.parties.includes(a) && t.parties.includes(b) && t.expectations.some((e) => e.kind === 'peace'),
  );
}
