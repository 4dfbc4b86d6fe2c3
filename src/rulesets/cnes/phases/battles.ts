// "Before Battle" and "Resolving Battles": in each province where unallied armies meet, invasion,
// clash or battle royale decide who attacks and who defends; the combat system fights each battle;
// the loser's survivors retreat at random to neighbouring friendly provinces.
import type { Battle, BattleSide, Combatant } from '../../../engine/index.ts';
import type { CnesBattleResult } from '../../../combat/cnes-heat/index.ts';
import { friendly, statusOf, type CnesUnit } from '../state.ts';
import { terrainDefence } from '../terrain.ts';
import type { Turn } from '../turn.ts';
import { borderType, cardOf, mayStand } from '../units.ts';
import type { AirMissions } from './air.ts';
import { armiesOf, fightingArmies, forcesIn, leaderOf, mixed, unallied } from './armies.ts';
import { changeStatus } from './diplomacy.ts';

/** Provinces where unallied armies stand together. */
export function battlefields(turn: Turn): string[] {
  return turn.occupiedProvinces().filter((p) => mixed(turn, p) && unallied(turn.state, forcesIn(turn, p)));
}

/** Fights every battle; returns the ids of units that retreated (their moves are over). */
export function fightBattles(turn: Turn, arrived: ReadonlySet<string>, missions: AirMissions): Set<string> {
  const retreated = new Set<string>();
  for (const place of battlefields(turn)) {
    const losers = fightAt(turn, place, arrived, missions);
    for (const id of retreat(turn, place, losers)) retreated.add(id);
  }
  return retreated;
}

interface Army {
  nations: string[];
  role: 'attacker' | 'defender';
}

function fightAt(turn: Turn, place: string, arrived: ReadonlySet<string>, missions: AirMissions): CnesUnit[] {
  const { state } = turn;
  const here = forcesIn(turn, place);
  const armies = fightingArmies(state, here);
  // Unallied armies that fight are at war, every nation of one with every nation of the other; a
  // battle never ends an alliance.
  for (const [i, a] of armies.entries()) {
    for (const b of armies.slice(i + 1))
      for (const x of a) for (const y of b) if (statusOf(state, x, y) !== 'allied') changeStatus(turn, x, y, 'war', 'battle');
  }
  // "Any army already occupying the province in question is the defender."
  const defender = armies.find((a) => here.some((u) => a.includes(u.nation) && !arrived.has(u.id)));
  // "The invading army with the highest average movement is considered the attacker", the rest after it in that order.
  const avgMove = (a: string[]) => {
    const units = here.filter((u) => a.includes(u.nation));
    return units.reduce((s, u) => s + cardOf(turn.options, u).move, 0) / Math.max(1, units.length);
  };
  const invaders = armies.filter((a) => a !== defender).sort((a, b) => avgMove(b) - avgMove(a));
  let holder: Army | null = defender ? { nations: defender, role: 'defender' } : null;
  const losers: CnesUnit[] = [];
  // Units that stepped in this phase, killed or beaten here: their move is turned back.
  const entered = here.filter((u) => arrived.has(u.id));
  for (const invader of invaders) {
    if (!holder) {
      holder = { nations: invader, role: 'attacker' };
      continue;
    }
    const result = fight(turn, place, holder, { nations: invader, role: 'attacker' }, missions);
    const sides = [holder, { nations: invader, role: 'attacker' as const }];
    for (const [i, side] of sides.entries()) {
      if (result.winnerSide === i) continue;
      losers.push(...forcesIn(turn, place).filter((u) => side.nations.includes(u.nation)));
      turnBack(turn, place, entered, side.nations);
    }
    // "If the invading army is the victor, the invading army now must become the defender."
    holder = result.winnerSide === null ? null : { nations: sides[result.winnerSide].nations, role: 'defender' };
  }
  // "The victor of the battle's units remain in the province and occupy it": the last victor on land
  // takes it when the turn ends, even if its units moved on (a blitz), unless another army stands there.
  const land = holder ? forcesIn(turn, place).filter((u) => holder.nations.includes(u.nation) && cardOf(turn.options, u).class !== 'naval') : [];
  if (holder && land.length) turn.victors.set(place, { nations: holder.nations, leader: leaderOf(state, holder.nations, land) });
  else turn.victors.delete(place);
  return losers;
}

/**
 * A move that ended in a lost battle, told to all: the unit was seen crossing the border and the
 * battle is public. Orders it never carried out (the rest of its path) are not (docs/rules/cnes.md).
 */
function turnBack(turn: Turn, place: string, entered: readonly CnesUnit[], nations: readonly string[]): void {
  for (const u of entered) {
    if (!nations.includes(u.nation)) continue;
    const from = turn.steppedFrom.get(u.id);
    if (from) turn.announce({ type: 'move.turned-back', unit: u.id, unitKind: u.type, nation: u.nation, from, to: place });
  }
}

function fight(turn: Turn, place: string, first: Army, second: Army, missions: AirMissions): CnesBattleResult {
  const { state, ctx } = turn;
  const fortHere = terrainDefence(ctx.map, place, state.provinces[place]);
  const planes = (missions.get(place) ?? []).map((id) => turn.unit(id)).filter((u): u is CnesUnit => !!u);
  // An aircraft flies for its own nation's army, else for the one army of its allies; torn between two, it stays out.
  const sideOfPlane = (nation: string): Army | undefined => {
    const own = [first, second].find((a) => a.nations.includes(nation));
    if (own) return own;
    const allies = [first, second].filter((a) => a.nations.some((n) => friendly(state, n, nation)));
    return allies.length === 1 ? allies[0] : undefined;
  };
  const sideOf = (army: Army): BattleSide => {
    const ground = forcesIn(turn, place).filter((u) => army.nations.includes(u.nation));
    const air = planes.filter((p) => sideOfPlane(p.nation) === army);
    const units = [...ground, ...air].map((u): Combatant => {
      const c: Combatant = { id: u.id, nation: u.nation, type: u.type };
      // Terrain levels do not count against the technology's cap, but the total never exceeds 5.
      if (army.role === 'defender' && !air.includes(u)) c.fortification = Math.min(5, (u.fortify ?? 0) + fortHere);
      if (u.veterancy !== undefined) c.veterancy = u.veterancy;
      return c;
    });
    return { nation: leaderOf(state, army.nations, ground), role: army.role, units };
  };
  const battle: Battle = { place, sides: [sideOf(first), sideOf(second)] };
  const system = ctx.combat.get(turn.options.combat);
  const result = system.fight(battle, turn.dice, turn.combatOptions) as CnesBattleResult;
  for (const [id, v] of Object.entries(result.veterancy ?? {})) {
    const officer = turn.unit(id);
    if (officer) officer.veterancy = v;
  }
  const nations = battle.sides.flatMap((s) => s.units.map((u) => u.nation));
  const kind = first.role === 'attacker' ? 'clash' : 'invasion';
  const number = ++turn.battles;
  const killed = new Set(result.killed);
  turn.announce({
    type: 'battle.fought',
    battle: number,
    place,
    kind,
    sides: battle.sides.map((s, i) => ({
      nation: s.nation,
      role: s.role,
      nations: [...new Set(s.units.map((u) => u.nation))],
      units: result.started[i],
      survived: result.survived[i],
      forces: forcesOf(s.units),
      losses: forcesOf(s.units.filter((u) => killed.has(u.id))),
    })),
    winner: result.winner,
    killed: result.killed,
    officers: result.officers
      .filter((o) => o.promoted !== undefined || o.killed)
      .map((o) => ({ officer: o.officer, nation: o.nation, promoted: o.promoted, killed: o.killed })),
  });
  turn.tell(nations, {
    type: 'battle.heats',
    battle: number,
    place,
    sides: battle.sides.map((s) => ({ nation: s.nation, role: s.role, units: s.units })),
    rounds: result.rounds,
    officers: result.officers,
  });
  turn.removeUnits(result.killed);
  return result;
}

/** Each nation's units of a side by card, in the side's order: what a battle story counts. */
function forcesOf(units: readonly Combatant[]): Array<{ nation: string; kinds: Record<string, number> }> {
  const out: Array<{ nation: string; kinds: Record<string, number> }> = [];
  for (const u of units) {
    let entry = out.find((f) => f.nation === u.nation);
    if (!entry) out.push((entry = { nation: u.nation, kinds: {} }));
    entry.kinds[u.type] = (entry.kinds[u.type] ?? 0) + 1;
  }
  return out;
}

/** "The loser of the battle's remaining units retreat to neighboring friendly provinces randomly." */
function retreat(turn: Turn, place: string, losers: readonly CnesUnit[]): string[] {
  const { state, ctx } = turn;
  const gone: string[] = [];
  const destroyed: string[] = [];
  for (const unit of losers) {
    if (!turn.unit(unit.id)) continue;
    const card = cardOf(turn.options, unit);
    const options = ctx.map
      .neighbours(place, borderType(card))
      .map((p) => p.province)
      .filter((p, i, all) => all.indexOf(p) === i && mayStand(ctx.map, card, p))
      .filter((p) => {
        const owner = state.provinces[p]?.owner;
        const safe = !forcesIn(turn, p).some((u) => !friendly(state, u.nation, unit.nation));
        return safe && (card.class === 'naval' ? !owner || friendly(state, owner, unit.nation) : !!owner && friendly(state, owner, unit.nation));
      })
      .sort();
    delete unit.fortify;
    if (!options.length) {
      destroyed.push(unit.id);
      turn.announce({ type: 'unit.destroyed', unit: unit.id, unitKind: unit.type, nation: unit.nation, province: place, reason: 'NO_RETREAT' });
      continue;
    }
    const to = options.length === 1 ? options[0] : options[turn.dice.roll(options.length, `retreat of ${unit.id} from ${place}`) - 1];
    turn.relocate(unit, to);
    gone.push(unit.id);
    turn.announce({ type: 'unit.retreated', unit: unit.id, unitKind: unit.type, nation: unit.nation, from: place, to });
  }
  turn.removeUnits(destroyed);
  return [...gone, ...destroyed];
}

/** "The victor of the battle's units remain in the province and occupy it if their faction did not previously control it." */
export function occupy(turn: Turn): void {
  const { state, ctx } = turn;
  for (const id of [...new Set([...turn.occupiedProvinces(), ...turn.victors.keys()])].sort()) {
    if (ctx.map.province(id).kind === 'sea') continue;
    const here = forcesIn(turn, id).filter((u) => cardOf(turn.options, u).class !== 'naval');
    // Land left empty by the army that won a battle in it is that army's.
    const victor = here.length ? undefined : turn.victors.get(id);
    const armies = victor ? [victor.nations] : armiesOf(state, here);
    if (armies.length !== 1) continue;
    const p = (state.provinces[id] ??= { owner: null });
    if (p.owner && armies[0].some((n) => friendly(state, n, p.owner!))) continue;
    const taker = victor ? victor.leader : leaderOf(state, armies[0], here);
    if (!p.owner && !turn.options.claimUnowned) continue;
    if (p.owner && friendly(state, p.owner, taker)) continue;
    turn.announce({ type: 'province.occupied', province: id, nation: taker, from: p.owner });
    p.owner = taker;
    p.occupiedTurn = state.turn;
  }
}
