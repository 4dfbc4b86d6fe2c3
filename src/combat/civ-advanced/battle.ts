// The battle: phases "until one side is dead" (step 5 of the summary chart), then what is left.
// A battle neither side can win (no phase could destroy a unit even with the best rolls) stops
// there, and the defender holds: the document is silent, this is the GM ruling in docs/rules.
import type { Battle, BattleResult, BattleRound, BattleSide, Dice } from '../../engine/index.ts';
import { describeUnits, toFighter } from './fighters.ts';
import { CivAdvancedError, readContext, readOptions, readPlan } from './options.ts';
import { fightPhase, type SideState } from './phase.ts';
import type { CivAdvancedContext, EndRecord, UnitTable } from './types.ts';

export function fightCivAdvanced(battle: Battle, dice: Dice, rawOptions?: Record<string, unknown>): BattleResult {
  const options = readOptions(rawOptions);
  const context = readContext(battle.context, battle.place);
  const notes: string[] = [];
  const sides = setUpSides(battle, options.units, notes);
  checkTechnologies(context, sides, battle.place);

  const rounds: BattleRound[] = [];
  const killed: string[] = [];
  let stalemate = false;
  for (let phase = 1; sides.every((s) => s.units.length > 0); phase++) {
    const played = fightPhase({ place: battle.place, phase, sides, context, options }, dice, notes);
    if (!played) {
      stalemate = true;
      notes.push(`Phase ${phase}: neither side can destroy a unit even with the best rolls; the attack breaks off and ${sides[1].nation} holds.`);
      break;
    }
    rounds.push(played.record);
    killed.push(...played.killed);
  }

  const aircraftDestroyed: Record<string, string[]> = {};
  for (const side of sides) {
    if (side.units.length > 0 || side.aircraft.length === 0) continue;
    notes.push(`${side.nation} has no units left: its ${describeUnits(side.aircraft)} ${side.aircraft.length === 1 ? 'is' : 'are'} destroyed.`);
    aircraftDestroyed[side.nation] = side.aircraft.map((u) => u.id);
    killed.push(...aircraftDestroyed[side.nation]);
    side.aircraft = [];
  }
  const standing = sides.filter((s) => s.units.length > 0);
  const winner = stalemate ? sides[1].nation : standing.length === 1 ? standing[0].nation : null;
  notes.push(
    winner
      ? `${winner} wins the battle in ${battle.place} with ${describeUnits(sides.find((s) => s.nation === winner)!.units)} left.`
      : `Both sides are destroyed in ${battle.place}.`,
  );
  const end: EndRecord = {
    phase: 'end',
    winner,
    reason: stalemate ? 'stalemate' : 'destroyed',
    survivors: Object.fromEntries(sides.map((s) => [s.nation, [...s.units, ...s.aircraft].map((u) => u.id)])),
    aircraftDestroyed,
  };
  rounds.push(end);
  return { killed, winner, rounds, notes };
}

/** The attacker and the defender, in that order; this system fights exactly one against one. */
function setUpSides(battle: Battle, table: UnitTable, notes: string[]): [SideState, SideState] {
  const attacker = battle.sides.filter((s) => s.role === 'attacker');
  const defender = battle.sides.filter((s) => s.role === 'defender');
  if (battle.sides.length !== 2 || attacker.length !== 1 || defender.length !== 1) {
    throw new CivAdvancedError(
      `civ-advanced battle in ${battle.place}: needs exactly one attacker and one defender, got ${battle.sides.map((s) => `${s.nation} (${s.role})`).join(', ') || 'no sides'}; a ruleset splits larger battles into pairs.`,
    );
  }
  return [sideState(attacker[0], table, battle.place, notes), sideState(defender[0], table, battle.place, notes)];
}

function sideState(side: BattleSide, table: UnitTable, place: string, notes: string[]): SideState {
  const fighters = side.units.map((u, i) => toFighter(u, i, table, place));
  const { plan, problem } = readPlan(side.plan);
  if (problem) notes.push(`${side.nation}'s battle plan could not be read (${problem}); the defaults are used.`);
  return {
    nation: side.nation,
    role: side.role,
    plan,
    units: fighters.filter((f) => f.class !== 'aircraft'),
    aircraft: fighters.filter((f) => f.class === 'aircraft'),
  };
}

function checkTechnologies(context: CivAdvancedContext, sides: readonly SideState[], place: string): void {
  if (!context.technologies) return;
  const missing = sides.filter((s) => context.technologies![s.nation] === undefined).map((s) => s.nation);
  if (missing.length) {
    throw new CivAdvancedError(
      `civ-advanced battle in ${place}: context.technologies does not say how many technologies ${missing.join(' and ')} control${missing.length === 1 ? 's' : ''}.`,
    );
  }
}
