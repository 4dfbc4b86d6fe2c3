// A battle of several nations for a combat system that fights one attacker against one defender
// (civ-advanced): each attacker in turn, in the game's order, fights its foes one after another
// (the nation it aims at first, then the defenders, then the other attackers), with what it has
// left. With no defender (armies meeting in a province nobody held), the first nation in the
// game's order stands as the defender. An attacker whose attack breaks off leaves the battle.
import type { BattleResult } from '../../engine/index.ts';
import type { Belligerent } from './battle.ts';

export interface BattleOutcome {
  /** Every unit destroyed. */
  killed: string[];
  /** Surviving units of attackers whose attack broke off: they may not stay in the province. */
  brokeOff: string[];
}

export function fightInPairs(
  sides: readonly Belligerent[],
  hostile: (a: string, b: string) => boolean,
  fightPair: (attacker: Belligerent, defender: Belligerent) => BattleResult,
): BattleOutcome {
  const live = sides.map((s) => ({ ...s, units: [...s.units] }));
  const attackers = live.filter((s) => s.role === 'attacker');
  const defenders = live.filter((s) => s.role === 'defender');
  if (defenders.length === 0 && attackers.length > 0) defenders.push(attackers.shift()!);
  const killed: string[] = [];
  const brokeOff: string[] = [];
  const fought = new Set<string>();
  for (const attacker of attackers) {
    const aimed = live.filter((s) => s.nation === attacker.target);
    const foes = [...new Set([...aimed, ...defenders, ...attackers])].filter((f) => f !== attacker && hostile(attacker.nation, f.nation));
    for (const foe of foes) {
      if (attacker.units.length === 0) break;
      const key = [attacker.nation, foe.nation].sort().join('|');
      if (foe.units.length === 0 || fought.has(key)) continue;
      fought.add(key);
      const result = fightPair({ ...attacker, role: 'attacker' }, { ...foe, role: 'defender' });
      const dead = new Set(result.killed);
      killed.push(...result.killed);
      attacker.units = attacker.units.filter((u) => !dead.has(u.id));
      foe.units = foe.units.filter((u) => !dead.has(u.id));
      if (attacker.units.length > 0 && result.winner !== attacker.nation) {
        brokeOff.push(...attacker.units.map((u) => u.id));
        break;
      }
    }
  }
  return { killed, brokeOff };
}
