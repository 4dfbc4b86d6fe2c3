// "Resolving Battles": three heats of simultaneous shots, medics at the end of each heat, then the
// victory rule and the officers' promotion or death roll. Every die comes from `dice`, with its purpose.
import type { Battle, BattleResult, Combatant, Dice } from '../../engine/index.ts';
import { hasFlag, type Card } from './cards.ts';
import { MAX_VETERANCY, officerBonus } from './officers.ts';
import { cnesHeatOptionsSchema, CnesCombatError, type CnesHeatOptions } from './options.ts';
import { shoot, type Fighter, type ShotRoll } from './shots.ts';
import { chooseTarget, splashTargets } from './targets.ts';

export interface HeatRecord {
  heat: number;
  shots: ShotRoll[];
  killed: string[];
  heals: Array<{ medic: string; roll: number; healed?: string }>;
}

export interface OfficerRecord {
  officer: string;
  nation: string;
  promoted?: number;
  rolls?: number[];
  killed?: boolean;
}

export interface CnesBattleResult extends BattleResult {
  /** Fighting units (officers aside) each side started and ended with, in the battle's side order. */
  started: number[];
  survived: number[];
  /** The winning side's index, or null when nobody won (every unit fell, or an even clash). */
  winnerSide: number | null;
  officers: OfficerRecord[];
  /** Officers' veterancy after the battle, by unit id. */
  veterancy: Record<string, number>;
}

interface Army {
  fighters: Fighter[];
  officers: Combatant[];
  fallen: Fighter[];
}

/** Options already checked, by the object a ruleset passes for every battle of a turn. */
const checked = new WeakMap<object, CnesHeatOptions>();

function optionsOf(raw: Record<string, unknown> | undefined): CnesHeatOptions {
  if (!raw) return cnesHeatOptionsSchema.parse({});
  let options = checked.get(raw);
  if (!options) checked.set(raw, (options = cnesHeatOptionsSchema.parse(raw)));
  return options;
}

export function fightHeats(battle: Battle, dice: Dice, rawOptions?: Record<string, unknown>): CnesBattleResult {
  const options = optionsOf(rawOptions);
  if (battle.sides.length !== 2) throw new CnesCombatError(`A CNES battle has two armies; the battle in ${battle.place} has ${battle.sides.length}.`);
  const armies = battle.sides.map((side, index) => armyOf(battle, index, options));
  const started = armies.map((a) => a.fighters.length);
  const rounds: HeatRecord[] = [];
  for (let heat = 1; heat <= options.heats; heat++) rounds.push(fightHeat(battle.place, heat, armies, dice, options));
  const survived = armies.map((a) => a.fighters.length);
  const winnerSide = victor(battle, started, survived);
  const { officers, veterancy } = officerRolls(battle.place, armies, winnerSide, survived, dice);
  const killed = [...armies.flatMap((a) => a.fallen.map((f) => f.id)), ...officers.filter((o) => o.killed).map((o) => o.officer)];
  return {
    killed,
    winner: winnerSide === null ? null : battle.sides[winnerSide].nation,
    rounds: rounds as unknown as BattleResult['rounds'],
    notes: [],
    started,
    survived,
    winnerSide,
    officers,
    veterancy,
  };
}

function armyOf(battle: Battle, side: number, options: CnesHeatOptions): Army {
  const { role, units } = battle.sides[side];
  const cardOf = (u: Combatant): Card => {
    const card = options.cards[u.type];
    if (!card) throw new CnesCombatError(`Unit ${u.id} is a "${u.type}", which has no unit card.`);
    return card;
  };
  const officers = units.filter((u) => hasFlag(cardOf(u), 'officer'));
  const best = Math.max(0, ...officers.map((o) => Number(o.veterancy ?? 0)));
  const bonus = officerBonus(best);
  const fighters = units
    .filter((u) => !hasFlag(cardOf(u), 'officer'))
    .map((u): Fighter => {
      const card = cardOf(u);
      // "Defending armies receive a +1 bonus to Def and Eva for every level of Fortification."
      const fort = role === 'defender' ? Math.min(5, Number(u.fortification ?? 0)) : 0;
      return {
        id: u.id,
        nation: u.nation,
        side,
        cardId: u.type,
        card,
        power: (role === 'defender' ? card.def + fort : card.atk) + bonus.stats,
        eva: card.eva + bonus.stats + fort,
        ap: card.ap + bonus.ap,
        arm: card.arm + bonus.arm,
        splashCount: hasFlag(card, 'splash') ? (role === 'defender' ? card.def : card.atk) : 0,
      };
    });
  return { fighters, officers, fallen: [] };
}

function fightHeat(place: string, heat: number, armies: Army[], dice: Dice, options: CnesHeatOptions): HeatRecord {
  const shots: ShotRoll[] = [];
  const aimed = new Map<string, number>();
  const aim = (id: string) => aimed.set(id, (aimed.get(id) ?? 0) + 1);
  // "All shots are assumed to be simultaneous": targets are those standing when the heat begins.
  const standing = armies.map((a) => [...a.fighters]);
  for (const [side, army] of armies.entries()) {
    const enemies = standing[1 - side];
    for (const shooter of army.fighters) {
      if (hasFlag(shooter.card, 'medic') || !enemies.length) continue;
      const normal = { splash: false, criticals: options.criticalHits };
      const target = chooseTarget(shooter, enemies, aimed, normal)!;
      aim(target.id);
      shots.push(shoot(shooter, target, normal, dice, `battle in ${place}, heat ${heat}, ${shooter.id} shoots ${target.id}`));
      if (!hasFlag(shooter.card, 'splash')) continue;
      // "The number of additional targets harmed by splash damage is equal to the Atk or Def stat."
      const count = shooter.splashCount;
      const splash = { splash: true, criticals: options.criticalHits && options.splashCriticals };
      for (const extra of splashTargets(shooter, enemies, target.id, count, aimed, splash)) {
        aim(extra.id);
        shots.push(shoot(shooter, extra, splash, dice, `battle in ${place}, heat ${heat}, ${shooter.id} splashes ${extra.id}`));
      }
    }
  }
  const killed = [...new Set(shots.filter((s) => s.kills).map((s) => s.target))];
  for (const army of armies) {
    army.fallen.push(...army.fighters.filter((f) => killed.includes(f.id)));
    army.fighters = army.fighters.filter((f) => !killed.includes(f.id));
  }
  return { heat, shots, killed, heals: medics(place, heat, armies, dice) };
}

/** "Medics ... have a 25% chance to heal a fallen allied infantry-type unit at the end of a heat." */
function medics(place: string, heat: number, armies: Army[], dice: Dice): HeatRecord['heals'] {
  const heals: HeatRecord['heals'] = [];
  for (const army of armies) {
    for (const medic of army.fighters.filter((f) => hasFlag(f.card, 'medic'))) {
      const fallen = army.fallen.filter((f) => f.card.class === 'infantry');
      if (!fallen.length) continue;
      const roll = dice.roll(4, `battle in ${place}, heat ${heat}, medic ${medic.id} heals on 4`);
      if (roll !== 4) {
        heals.push({ medic: medic.id, roll });
        continue;
      }
      const patient = fallen[fallen.length - 1];
      army.fallen.splice(army.fallen.indexOf(patient), 1);
      army.fighters.push(patient);
      heals.push({ medic: medic.id, roll, healed: patient.id });
    }
  }
  return heals;
}

/** "More than twice as many surviving units as the other army, OR secondarily ... a greater proportion." */
function victor(battle: Battle, started: number[], survived: number[]): number | null {
  const [a, b] = survived;
  if (a === 0 && b === 0) return null;
  if (a > 2 * b) return 0;
  if (b > 2 * a) return 1;
  const pa = a / Math.max(1, started[0]);
  const pb = b / Math.max(1, started[1]);
  if (pa !== pb) return pa > pb ? 0 : 1;
  // An even result: the defender holds (docs/rules/cnes.md); a clash of two attackers has no victor.
  const defender = battle.sides.findIndex((s) => s.role === 'defender');
  return defender >= 0 ? defender : null;
}

function officerRolls(place: string, armies: Army[], winner: number | null, survived: number[], dice: Dice) {
  const officers: OfficerRecord[] = [];
  const veterancy: Record<string, number> = {};
  for (const army of armies) for (const o of army.officers) veterancy[o.id] = Number(o.veterancy ?? 0);
  if (winner === null) return { officers, veterancy };
  // "Any Officer in the same province as an Army that is victorious (to a maximum of one Officer)".
  const promotable = armies[winner].officers.filter((o) => veterancy[o.id] < MAX_VETERANCY);
  const best = promotable.sort((x, y) => veterancy[y.id] - veterancy[x.id])[0];
  if (best) {
    veterancy[best.id] += 1;
    officers.push({ officer: best.id, nation: best.nation, promoted: veterancy[best.id] });
  }
  // "For every surviving unit in the victorious army, a 20-sided die is rolled. On a roll of '20'..."
  for (const officer of armies[1 - winner].officers) {
    const rolls: number[] = [];
    for (let i = 0; i < survived[winner]; i++) {
      rolls.push(dice.roll(20, `battle in ${place}, officer ${officer.id} dies on 20`));
      if (rolls[rolls.length - 1] === 20) break;
    }
    officers.push({ officer: officer.id, nation: officer.nation, rolls, killed: rolls.includes(20) });
  }
  return { officers, veterancy };
}
