// A battle on land or at sea, fought by the game's combat system and told to everyone with its dice.
import type { BattleResult, BattleSide, Combatant } from '../../engine/index.ts';
import type { BoardNesUnit } from './state.ts';
import type { Turn } from './turn.ts';

export interface Belligerent {
  nation: string;
  role: BattleSide['role'];
  /** Units in the order they are lost. */
  units: Combatant[];
  /** Whom this nation's orders aim at here, if anyone. */
  target?: string;
}

/** A unit as the combat system sees it: every field it carries (era, class...) passes through. */
export function combatant(unit: BoardNesUnit, extra: Record<string, unknown> = {}): Combatant {
  return { ...unit, ...extra, id: unit.id, nation: unit.nation, type: unit.type };
}

/** The nation an "aim" order points at in this province: one naming the province, else a general one. */
export function aimOf(turn: Turn, nation: string, province: string, others: readonly string[]): string | undefined {
  const aims = turn.of('aim').filter((a) => a.nation === nation && others.includes(a.order.nation));
  const chosen = aims.find((a) => a.order.province === province) ?? aims.find((a) => a.order.province === undefined);
  if (!chosen) return undefined;
  turn.usedAims.add(`${nation}#${chosen.index}`);
  return chosen.order.nation;
}

export function fight(turn: Turn, place: string, kind: 'land' | 'naval', sides: Belligerent[], context: Record<string, unknown>): BattleResult {
  const firstDie = turn.dice.draws.length;
  const result = turn.combat.fight({ place, sides, context: { kind, ...context } }, turn.dice);
  turn.battles.add(place);
  turn.announce('battle.fought', {
    place,
    kind,
    combat: turn.combat.id,
    sides: sides.map((s) => ({ nation: s.nation, role: s.role, units: s.units.length, target: s.target })),
    rounds: result.rounds,
    dice: turn.dice.draws.slice(firstDie),
    killed: result.killed,
    winner: result.winner,
    notes: result.notes,
    message: `Battle in ${turn.name(place)}: ${sides.map((s) => `${s.nation} (${s.units.length})`).join(' against ')}; ${result.winner ? `${result.winner} won` : 'no one was left standing'}.`,
  });
  return result;
}

/** An aim order succeeds when some battle used it. */
export function reportAims(turn: Turn): void {
  for (const { nation, index, order } of turn.of('aim')) {
    if (turn.usedAims.has(`${nation}#${index}`)) turn.succeed(nation, index, `Your units aimed at ${order.nation} in battle.`);
    else turn.fail(nation, index, 'NO_BATTLE', `No battle of yours ${order.province ? `in ${turn.name(order.province)} ` : ''}had ${order.nation} in it with more than two nations to choose from.`);
  }
}
