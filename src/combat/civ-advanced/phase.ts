// One battle phase (steps 1 to 4 of the summary chart): waves, aircraft support, damage totals
// (attacker first, then defender), then casualties, the attacker choosing first.
import type { Dice } from '../../engine/index.ts';
import { aircraftLosses, chooseSupport, type AircraftSupport } from './aircraft.ts';
import { chooseCasualties, damagePoints } from './casualties.ts';
import { bestDamageDice, damageTotal, rollDamageDice, type TotalInput } from './damage.ts';
import { describeUnits, eraName } from './fighters.ts';
import type { CivAdvancedOptions } from './options.ts';
import type { ChoiceSource, CivAdvancedContext, CivAdvancedPlan, Fighter, PhaseRecord, PhaseSideRecord } from './types.ts';
import { chooseWave } from './wave.ts';

/** A side as the battle goes on: the units still standing. */
export interface SideState {
  nation: string;
  role: 'attacker' | 'defender';
  plan: CivAdvancedPlan | null;
  units: Fighter[];
  aircraft: Fighter[];
}

export interface PhaseInput {
  place: string;
  phase: number;
  /** Attacker first. */
  sides: [SideState, SideState];
  context: CivAdvancedContext;
  options: CivAdvancedOptions;
}

interface SideSetup {
  side: SideState;
  wave: Fighter[];
  waveChoice: ChoiceSource;
  byDefault: number;
  air: AircraftSupport | null;
  input: TotalInput;
}

const landClasses = new Set(['infantry', 'cavalry', 'artillery']);

/** Plays one phase, updating the sides; null when neither side could destroy anything (a stalemate). */
export function fightPhase(p: PhaseInput, dice: Dice, notes: string[]): { record: PhaseRecord; killed: string[] } | null {
  const [attacker, defender] = p.sides;
  const size = Math.min(attacker.units.length, defender.units.length);
  const waveOf = (side: SideState, other: SideState) => chooseWave(side, size, other.units, p.options.ciaPairing);
  const waves = [waveOf(attacker, defender), waveOf(defender, attacker)];
  const setups = p.sides.map((side, i): SideSetup => {
    const { wave, choice, byDefault } = waves[i];
    const air = side.aircraft.length ? chooseSupport(wave, side.aircraft, side.plan) : null;
    const other = p.sides[1 - i];
    return {
      side,
      wave,
      waveChoice: choice,
      byDefault,
      air,
      input: {
        nation: side.nation,
        wave,
        flying: air?.flying ?? [],
        enemyWave: waves[1 - i].wave,
        technologies: technologiesOf(p.context, side.nation, other.nation),
        settlement: side.role === 'attacker' ? settlementPenalty(p.context, other) : null,
        options: p.options,
      },
    };
  });
  const [a, d] = setups;
  if (!canDestroy(a.input, d.wave) && !canDestroy(d.input, a.wave)) return null;

  const where = `civ-advanced in ${p.place}, phase ${p.phase}`;
  const totals = setups.map((s) => {
    const rolls = rollDamageDice(s.input, dice, where);
    return { rolls, ...damageTotal(s.input, rolls) };
  });
  const damages = totals.map((t) => Math.max(0, t.total));
  const losses = setups.map((s, i) => {
    const supported = s.air?.flying.length ? s.air.support : null;
    const { killed, absorbed } = chooseCasualties(s.wave, damages[1 - i], s.side.plan, supported);
    const planes = s.air ? aircraftLosses(killed, supported, s.air.flying, s.side.plan) : [];
    return { killed, planes, absorbed };
  });

  const sides = setups.map((s, i): PhaseSideRecord => {
    const { killed, planes, absorbed } = losses[i];
    const dead = new Set([...killed, ...planes]);
    s.side.units = s.side.units.filter((u) => !dead.has(u));
    s.side.aircraft = s.side.aircraft.filter((u) => !dead.has(u));
    const lossChoice: ChoiceSource = s.side.plan?.casualties ? 'battle plan' : 'default';
    return {
      nation: s.side.nation,
      role: s.side.role,
      wave: s.wave.map((u) => u.id),
      waveChoice: s.waveChoice,
      ...(s.air && {
        aircraft: { support: s.air.support, choice: s.air.choice, flying: s.air.flying.map((u) => u.id), idle: s.air.idle.map((u) => u.id) },
      }),
      rolls: totals[i].rolls,
      lines: totals[i].lines,
      total: totals[i].total,
      damage: damages[i],
      damageTaken: damages[1 - i],
      absorbed,
      lost: [...dead].map((u) => u.id),
      lossChoice,
    };
  });
  for (const s of setups) notes.push(...waveNotes(p.phase, s));
  setups.forEach((s, i) => {
    const lost = [...losses[i].killed, ...losses[i].planes];
    const why = sides[i].lossChoice === 'default' ? 'default: oldest first, then weakest' : 'battle plan';
    if (lost.length) notes.push(`Phase ${p.phase}, ${s.side.nation} loses ${describeUnits(lost)} (${why}).`);
  });
  return { record: { phase: p.phase, sides }, killed: sides.flatMap((s) => s.lost) };
}

/** Whether this side's best possible total could destroy even the cheapest unit facing it. */
function canDestroy(input: TotalInput, enemyWave: readonly Fighter[]): boolean {
  if (enemyWave.length === 0) return false;
  const cheapest = Math.min(...enemyWave.map(damagePoints));
  return damageTotal(input, bestDamageDice(input), false).total >= cheapest;
}

function technologiesOf(context: CivAdvancedContext, mine: string, theirs: string): TotalInput['technologies'] {
  if (!context.technologies) return null;
  return { mine: context.technologies[mine], theirs: context.technologies[theirs] };
}

/** "Subtract the current era (or 2 for great wall during ancient era) per defending army unit." */
function settlementPenalty(context: CivAdvancedContext, defender: SideState): TotalInput['settlement'] {
  if (!context.settlement || context.era === undefined) return null;
  const greatWall = context.greatWall === true && context.era === 1;
  return {
    perUnit: greatWall ? 2 : context.era,
    defenders: defender.units.filter((u) => landClasses.has(u.class)).length,
    why: greatWall ? 'the Great Wall, ancient era' : `current era: ${eraName(context.era)}`,
  };
}

function waveNotes(phase: number, s: SideSetup): string[] {
  const who = `Phase ${phase}, ${s.side.nation}`;
  const waveWhy = s.waveChoice === 'default' ? 'default: best expected damage' : s.byDefault > 0 ? `battle plan, ${s.byDefault} more by default` : s.waveChoice;
  const notes = [`${who}'s wave: ${describeUnits(s.wave)} (${waveWhy}).`];
  if (!s.air) return notes;
  if (!s.air.support) return [...notes, `${who}'s ${describeUnits(s.air.idle)} stay out: no unit in the wave to support.`];
  const why = s.air.choice === 'default' ? 'default: the class with the most units' : 'battle plan';
  const idle = s.air.idle.length ? ` ${describeUnits(s.air.idle)} stay${s.air.idle.length === 1 ? 's' : ''} out: one aircraft per supported unit.` : '';
  return [...notes, `${who}'s ${describeUnits(s.air.flying)} support ${s.air.support} (${why}).${idle}`];
}
