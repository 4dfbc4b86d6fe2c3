// "Move" and "Blitz": the initial phase (everyone moves as far as they can before being stopped),
// then, after battles and retreats, the secondary phase (units with movement left and a clear path,
// or under a blitz order, finish their moves).
import { changeStatus } from './diplomacy.ts';
import { hostileHere } from './armies.ts';
import { statusOf, type CnesUnit } from '../state.ts';
import { isMountain } from '../terrain.ts';
import { pathOf } from '../orders.ts';
import type { Turn } from '../turn.ts';

export interface Mover {
  unit: CnesUnit;
  /** The provinces still ahead. */
  path: string[];
  blitz: boolean;
  /** Went as far as it may this turn: a mountain, a retreat, or its path is done. */
  done: boolean;
}

export function movers(turn: Turn): Mover[] {
  const out: Mover[] = [];
  for (const a of turn.accepted) {
    if (a.order.kind !== 'move' && a.order.kind !== 'blitz') continue;
    for (const id of a.units) {
      const unit = turn.unit(id)!;
      // "Taking a movement or blitz order eliminates all acquired fortification bonuses."
      delete unit.fortify;
      out.push({ unit, path: pathOf(a.order), blitz: a.order.kind === 'blitz', done: false });
    }
  }
  return out;
}

/** The initial phase: every unit steps along its path together until something stops it. Returns who arrived where. */
export function initialMovement(turn: Turn, all: Mover[]): Set<string> {
  const arrived = new Set<string>();
  let going = all.filter((m) => !m.done && m.path.length);
  while (going.length) {
    for (const m of going) step(turn, m, arrived);
    // "Before being forced to stop ... forced to engage an enemy army": stopped where enemies stand.
    going = going.filter((m) => !m.done && m.path.length && !hostileHere(turn, m.unit.province, m.unit.nation));
  }
  return arrived;
}

/**
 * The secondary phase: a unit under a move order goes on only while the province ahead holds no
 * enemy; a blitzing unit goes on regardless and stops where it meets one, to fight again.
 */
export function secondaryMovement(turn: Turn, all: Mover[]): Set<string> {
  const arrived = new Set<string>();
  let going = all.filter((m) => !m.done && m.path.length && turn.unit(m.unit.id) && !hostileHere(turn, m.unit.province, m.unit.nation));
  while (going.length) {
    for (const m of going) {
      if (!m.blitz && hostileHere(turn, m.path[0], m.unit.nation)) {
        turn.tell([m.unit.nation], {
          type: 'move.halted',
          unit: m.unit.id,
          unitKind: m.unit.type,
          province: m.unit.province,
          before: m.path[0],
          nation: m.unit.nation,
        });
        m.done = true;
        continue;
      }
      step(turn, m, arrived);
    }
    going = going.filter((m) => !m.done && m.path.length && !hostileHere(turn, m.unit.province, m.unit.nation));
  }
  return arrived;
}

function step(turn: Turn, m: Mover, arrived: Set<string>): void {
  const to = m.path.shift()!;
  const from = m.unit.province;
  turn.relocate(m.unit, to);
  turn.steppedFrom.set(m.unit.id, from);
  arrived.add(m.unit.id);
  turn.announce({ type: 'unit.moved', unit: m.unit.id, unitKind: m.unit.type, nation: m.unit.nation, from, to });
  // "At War: Triggered when one nation's armies enters the territory of another nation not in an alliance."
  const owner = turn.state.provinces[to]?.owner;
  if (owner && owner !== m.unit.nation && statusOf(turn.state, owner, m.unit.nation) === 'peace') changeStatus(turn, m.unit.nation, owner, 'war', 'entered');
  // "Units entering mountain provinces must end their movement in that province."
  if (isMountain(turn.ctx.map, to) || !m.path.length) m.done = true;
}
