// A battle on land or at sea, fought by the game's combat system and told to everyone with its dice.
// Systems that fight one attacker against one defender (civ-advanced) get larger battles in pairs.
import type { Battle, BattleResult, BattleSide, Combatant } from '../../engine/index.ts';
import { civBattle } from './civ-battle.ts';
import { fightInPairs, type BattleOutcome } from './pairs.ts';
import type { BoardNesUnit } from './state.ts';
import type { Turn } from './turn.ts';
import { CIV_ADVANCED } from './unit-kinds.ts';

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

/**
 * Fights the battle; `hostile` says which nations fight each other when it is split into pairs
 * (at sea, only those linked by an attack). Sides come defenders first, each in the game's order.
 */
export function fight(
  turn: Turn,
  place: string,
  kind: 'land' | 'naval',
  sides: Belligerent[],
  context: Record<string, unknown>,
  hostile: (a: string, b: string) => boolean = () => true,
): BattleOutcome {
  if (turn.combat.id !== CIV_ADVANCED) {
    const result = fightOnce(turn, { place, sides, context: { kind, ...context } }, kind);
    return { killed: result.killed, brokeOff: [] };
  }
  let part = 0;
  const split = sides.length > 2;
  return fightInPairs(sides, hostile, (attacker, defender) => {
    part += 1;
    return fightOnce(turn, civBattle(turn, place, kind, attacker, defender, context), kind, split ? part : undefined);
  });
}

function fightOnce(turn: Turn, battle: Battle, kind: 'land' | 'naval', part?: number): BattleResult {
  const { place, sides } = battle;
  const firstDie = turn.dice.draws.length;
  const options = turn.combat.id === CIV_ADVANCED ? turn.options.civAdvanced : undefined;
  const result = turn.combat.fight(battle, turn.dice, options);
  turn.battles.add(place);
  const attackers = sides.filter((s) => s.role === 'attacker').map((s) => s.nation);
  // A one-against-one system may end a battle neither side can win: the attack breaks off.
  const brokeOff =
    result.winner !== null &&
    !attackers.includes(result.winner) &&
    sides.some((s) => s.role === 'attacker' && s.units.some((u) => !result.killed.includes(u.id)));
  const outcome = brokeOff ? `the attack broke off and ${result.winner} held` : result.winner ? `${result.winner} won` : 'no one was left standing';
  turn.announce('battle.fought', {
    place,
    kind,
    combat: turn.combat.id,
    ...(part !== undefined && { part }),
    sides: sides.map((s) => ({
      nation: s.nation,
      role: s.role,
      units: s.units.length,
      lost: s.units.filter((u) => result.killed.includes(u.id)).length,
      target: s.target,
    })),
    rounds: result.rounds,
    dice: turn.dice.draws.slice(firstDie),
    killed: result.killed,
    winner: result.winner,
    notes: result.notes,
    message: `Battle in ${turn.name(place)}${part ? ` (part ${part})` : ''}: ${sides.map((s) => `${s.nation} (${s.units.length})`).join(' against ')}; ${outcome}.`,
  });
  return result;
}

/** An aim order succeeds when some battle used it. */
export function reportAims(turn: Turn): void {
  for (const { nation, index, order } of turn.of('aim')) {
    if (turn.usedAims.has(`${nation}#${index}`)) turn.succeed(nation, index, `Your units aimed at ${turn.nationName(order.nation)} in battle.`);
    else
      turn.fail(
        nation,
        index,
        'NO_BATTLE',
        `No battle of yours ${order.province ? `in ${turn.name(order.province)} ` : ''}had ${turn.nationName(order.nation)} in it with more than two nations to choose from.`,
      );
  }
}
