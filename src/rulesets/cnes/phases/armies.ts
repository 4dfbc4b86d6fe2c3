// Who fights whom: "army" is "any consistent collection of units, either all from one faction or
// from multiple different allied factions". Aircraft at their base stand apart from the armies.
import { flies } from '../../../combat/cnes-heat/index.ts';
import { friendly, type CnesState, type CnesUnit } from '../state.ts';
import type { Turn } from '../turn.ts';
import { cardOf } from '../units.ts';

export function isAircraft(turn: Turn, unit: CnesUnit): boolean {
  return flies(cardOf(turn.options, unit));
}

/** The units on the ground (or at sea) in a province. */
export function forcesIn(turn: Turn, province: string): CnesUnit[] {
  return turn.unitsIn(province).filter((u) => !isAircraft(turn, u));
}

/**
 * Nations in a province grouped into armies, "any consistent collection of units, either all from
 * one faction or from multiple different allied factions": each nation joins the first army whose
 * every nation is its ally, so an army never holds two nations that are not allied.
 */
export function armiesOf(state: CnesState, units: readonly CnesUnit[]): string[][] {
  const order = Object.keys(state.nations);
  const nations = [...new Set(units.map((u) => u.nation))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const armies: string[][] = [];
  for (const n of nations) {
    const army = armies.find((a) => a.every((m) => friendly(state, m, n)));
    if (army) army.push(n);
    else armies.push([n]);
  }
  return armies;
}

/**
 * The armies that fight: a nation allied with every other nation here stands aside, as it cannot
 * fight beside one ally against another and only orders end an alliance (docs/rules/cnes.md).
 */
export function fightingArmies(state: CnesState, units: readonly CnesUnit[]): string[][] {
  const nations = [...new Set(units.map((u) => u.nation))];
  const hostile = new Set(nations.filter((a) => nations.some((b) => !friendly(state, a, b))));
  return armiesOf(
    state,
    units.filter((u) => hostile.has(u.nation)),
  );
}

/** Two nations here that are not allied: "Combat is joined whenever units from unallied factions occupy the same province." */
export function unallied(state: CnesState, units: readonly CnesUnit[]): boolean {
  const nations = [...new Set(units.map((u) => u.nation))];
  return nations.some((a, i) => nations.slice(i + 1).some((b) => !friendly(state, a, b)));
}

export function hostileHere(turn: Turn, province: string, nation: string): boolean {
  for (const u of turn.unitsIn(province)) if (u.nation !== nation && !isAircraft(turn, u) && !friendly(turn.state, u.nation, nation)) return true;
  return false;
}

/** More than one nation's units on the ground here: the only places where armies may meet. */
export function mixed(turn: Turn, province: string): boolean {
  let first: string | undefined;
  for (const u of turn.unitsIn(province)) {
    if (isAircraft(turn, u)) continue;
    if (first === undefined) first = u.nation;
    else if (u.nation !== first) return true;
  }
  return false;
}

/** The nation an army's gains go to: the one with most units there, the first in the game's order on a tie. */
export function leaderOf(state: CnesState, army: readonly string[], units: readonly CnesUnit[]): string {
  const order = Object.keys(state.nations);
  return [...army].sort(
    (a, b) => units.filter((u) => u.nation === b).length - units.filter((u) => u.nation === a).length || order.indexOf(a) - order.indexOf(b),
  )[0];
}
