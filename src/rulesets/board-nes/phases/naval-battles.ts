// 5. Naval battles, after every ship has moved and before any army boards or lands. Fleets share
// a sea in peace unless ordered to attack, except that fleets attack, unbidden, the ships trying to
// land armies on their own nation's provinces. Empty fleets sink before loaded ones; armies aboard
// a sunk fleet are lost.
import { counted } from '../../../engine/index.ts';
import { aimOf, combatant, fight } from '../battle.ts';
import { ownerOf, type BoardNesUnit } from '../state.ts';
import type { Turn } from '../turn.ts';
import { UnitIndex } from '../unit-index.ts';
import type { FleetPlan } from './fleets.ts';

interface Hostility {
  attacker: string;
  /** null: every other nation's fleets in the sea. */
  target: string | null;
}

export function fightAtSea(turn: Turn, plan: FleetPlan): void {
  const index = new UnitIndex(turn.state.units);
  const fleetsOf = (nation: string, sea: string) => index.stack(nation, 'fleet', sea);
  const hostilities = new Map<string, Hostility[]>();
  const add = (sea: string, h: Hostility) => hostilities.set(sea, [...(hostilities.get(sea) ?? []), h]);

  const attacks = turn.of('naval-attack');
  for (const { nation, index: i, order } of attacks) {
    if (fleetsOf(nation, order.province).length) add(order.province, { attacker: nation, target: order.nation ?? null });
    else turn.fail(nation, i, 'NO_FLEETS_THERE', `You had no fleet in ${turn.name(order.province)} to attack with.`);
  }
  for (const landing of plan.landings) {
    const owner = ownerOf(turn.state, landing.target);
    if (owner && owner !== landing.nation && fleetsOf(owner, landing.sea).length) add(landing.sea, { attacker: owner, target: landing.nation });
  }

  const order = Object.keys(turn.state.nations);
  const fought = new Set<string>();
  const sunk = new Set<string>();
  for (const [sea, list] of hostilities) {
    const present = [
      ...new Set(
        index
          .in(sea)
          .filter((u) => u.type === 'fleet')
          .map((u) => u.nation),
      ),
    ];
    const edges = list.flatMap((h) =>
      present.filter((n) => n !== h.attacker && (h.target === null || h.target === n)).map((n) => [h.attacker, n, h.target] as const),
    );
    for (const group of components(edges.map(([a, b]) => [a, b]))) {
      group.sort((a, b) => order.indexOf(a) - order.indexOf(b));
      const sides = group.map((nation) => {
        const named = [...new Set(edges.filter(([a, , t]) => a === nation && t !== null).map(([, , t]) => t!))];
        const others = group.filter((n) => n !== nation);
        const cargo = (f: BoardNesUnit) => index.cargoOf(f.id).length;
        const fleets = [...fleetsOf(nation, sea)].sort((x, y) => cargo(x) - cargo(y));
        return {
          nation,
          role: edges.some(([a]) => a === nation) ? ('attacker' as const) : ('defender' as const),
          units: fleets.map((f) => combatant(f, { cargo: cargo(f) })),
          target: aimOf(turn, nation, sea, others) ?? (named.length === 1 ? named[0] : undefined),
        };
      });
      // Dice order: defenders roll first, then attackers, each in the game's order of nations.
      sides.sort((a, b) => Number(a.role === 'attacker') - Number(b.role === 'attacker'));
      // Split into pairs (civ-advanced), only nations linked by an attack fight each other.
      const hostile = (a: string, b: string) => edges.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
      const result = fight(turn, sea, 'naval', sides, {}, hostile);
      for (const nation of group) fought.add(`${sea}|${nation}`);
      for (const id of result.killed) {
        sunk.add(id);
        const drowned = index.cargoOf(id).map((a) => a.id);
        for (const a of drowned) sunk.add(a);
        if (drowned.length)
          turn.announce('armies.drowned', {
            sea,
            fleet: id,
            units: drowned,
            message: `${counted(drowned.length, 'army')} went down with fleet ${id} in ${turn.name(sea)}.`,
          });
      }
    }
  }

  for (const { nation, index: i, order } of attacks) {
    if (!fleetsOf(nation, order.province).length) continue;
    if (fought.has(`${order.province}|${nation}`)) turn.succeed(nation, i, `Your fleets attacked in ${turn.name(order.province)}.`);
    else
      turn.fail(
        nation,
        i,
        'NOTHING_TO_ATTACK',
        `There were no ${order.nation ? `${turn.nationName(order.nation)} ` : 'enemy '}fleets in ${turn.name(order.province)} to attack.`,
      );
  }
  turn.removeUnits(sunk);
  dropSunkFleets(turn, plan, sunk);
}

/** Landings and boardings go ahead with the fleets that are still afloat. */
function dropSunkFleets(turn: Turn, plan: FleetPlan, sunk: ReadonlySet<string>): void {
  plan.landings = plan.landings.filter((l) => {
    l.fleets = l.fleets.filter((f) => !sunk.has(f.fleet));
    if (!l.fleets.length) turn.fail(l.nation, l.index, 'FLEET_SUNK', `The fleets that were to land your armies on ${turn.name(l.target)} were sunk.`);
    return l.fleets.length > 0;
  });
  plan.boardings = plan.boardings.filter((b) => {
    b.fleets = b.fleets.filter((f) => !sunk.has(f));
    if (!b.fleets.length) turn.fail(b.nation, b.index, 'FLEET_SUNK', `The fleets that were to take on your armies from ${turn.name(b.from)} were sunk.`);
    return b.fleets.length > 0;
  });
}

/** Nations linked by hostility fight one battle; unrelated quarrels in the same sea stay apart. */
function components(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const root = find(p);
    parent.set(x, root);
    return root;
  };
  for (const [a, b] of edges) parent.set(find(a), find(b));
  const groups = new Map<string, string[]>();
  for (const n of new Set(edges.flat())) groups.set(find(n), [...(groups.get(find(n)) ?? []), n]);
  return [...groups.values()];
}
