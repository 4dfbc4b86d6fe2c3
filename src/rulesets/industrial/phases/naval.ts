// Naval movement phase, as the document's "Order Processing": transfers of control, orders to
// foreign units cancelled unless transferred, submarine combat, movement in rounds (ships meeting
// hostile ships stop), forces boarding and landing in the round their ships are there (or, by
// option, after the combats), combats in the document's order, then the remaining orders of ships
// that are alive and where the order expects them.
import { commanderOf, holderOf, isAbandoned, isShip, editProvince, type IndustrialUnit } from '../state.ts';
import { cargoAt, forceOf, pickStack } from '../stacks.ts';
import { fightAtSea, hostileAtSea } from '../naval-combat.ts';
import type { AcceptedOrder, Turn } from '../turn.ts';
import type { OrderOf } from '../orders.ts';

export function setPosture(turn: Turn): void {
  for (const a of turn.of('attack')) {
    const list = turn.state.nations[a.nation].killOnSight;
    if (!list.includes(a.order.nation)) list.push(a.order.nation);
    turn.done(a, `Your ships will attack ${turn.nationName(a.order.nation)}'s ships on sight.`);
  }
  for (const a of turn.of('cease-fire')) {
    const n = turn.state.nations[a.nation];
    n.killOnSight = n.killOnSight.filter((x) => x !== a.order.nation);
    turn.done(a, `Your ships no longer attack ${turn.nationName(a.order.nation)}'s ships on sight.`);
  }
  for (const n of Object.values(turn.state.nations)) n.killOnSight.sort();
}

export function moveAtSea(turn: Turn): void {
  const { state, options } = turn;
  const actions = new Map<string, number>();
  const stopped = new Set<string>();
  const left = (u: IndustrialUnit) => options.shipActions - (actions.get(u.id) ?? 0);
  const spend = (u: IndustrialUnit, n = 1) => actions.set(u.id, (actions.get(u.id) ?? 0) + n);

  fightAtSea(turn, submarineCombats(turn), 'submarine');

  // "organize movements into rounds": each chain of sail orders (one starting where another ends)
  // moves a step a round, so a ship's first move is round 1, its second round 2...
  const rounds: Array<Array<AcceptedOrder<OrderOf<'sail'>>>> = [];
  const sailed = sailRounds(turn.of('sail'));
  for (const [a, round] of sailed) (rounds[round - 1] ??= []).push(a);
  const boarding = boardingRounds(turn, sailed);
  // Ships stopped by a hostile meeting have their remaining movement orders, boarding and landing too, cancelled.
  const free = (u: IndustrialUnit) => !stopped.has(u.id);
  const board = (round: number) => {
    disembark(turn, boarding.landings.get(round) ?? [], left, spend, free);
    embark(turn, boarding.boardings.get(round) ?? [], left, spend, free);
  };
  board(0);
  const marked = new Set<string>();
  let number = 0;
  for (const round of rounds.length ? rounds : [[]]) {
    number += 1;
    for (const a of round ?? []) {
      const ships = pickStack(state, a.nation, a.order, 'ships').filter((s) => !stopped.has(s.id) && left(s) > 0 && !isAbandoned(s));
      if (!ships.length) {
        turn.fail(
          a,
          'NO_SHIPS',
          `No ship of yours in ${turn.name(a.order.province)} could still sail (none there, out of movement actions, or stopped by a combat).`,
        );
        continue;
      }
      for (const s of ships) {
        spend(s);
        s.province = a.order.target;
        for (const c of cargoAt(state, a.nation, a.order.province).filter((c) => c.aboard === s.id)) c.province = a.order.target;
      }
      turn.done(a, `Your ships sail from ${turn.name(a.order.province)} to ${turn.name(a.order.target)}.`);
      turn.announce('naval.moved', { nation: a.nation, from: a.order.province, to: a.order.target, ships: ships.map((s) => s.id), force: forceOf(ships) });
    }
    // (checked once before any move too: hostile ships may already share a sea)
    // "for each location with hostile forces: mark combats; cancel remaining movement orders"
    for (const place of new Set(state.units.filter((u) => isShip(u.type)).map((u) => u.province))) {
      if (!hostileAtSea(turn, place).length) continue;
      marked.add(place);
      for (const s of state.units.filter((u) => u.province === place && isShip(u.type))) stopped.add(s.id);
    }
    board(number);
  }
  fightAtSea(turn, [...marked].sort(), 'surface');

  // "for each remaining order: if ordered unit is alive and is in the correct location: execute order"
  disembark(turn, boarding.landings.get(Infinity) ?? [], left, spend, () => true);
  embark(turn, boarding.boardings.get(Infinity) ?? [], left, spend, () => true);
  for (const kind of ['supply-coast', 'support-coast', 'blockade', 'salvage'] as const) duty(turn, kind, left, spend);
}

function submarineCombats(turn: Turn): string[] {
  const places = new Set(turn.state.units.filter((u) => u.type === 'submarine').map((u) => u.province));
  return [...places]
    .filter((p) =>
      hostileAtSea(turn, p).some(([a, , , targeted]) => targeted && turn.state.units.some((u) => u.province === p && u.nation === a && u.type === 'submarine')),
    )
    .sort();
}

/**
 * The round each landing and boarding takes place in (ruling N3), in the order the nation wrote its
 * orders: after the moves of the round in which the last sail order written before it reaches the
 * place, or before any move (round 0) when none does; with option `boarding: after-combat`, all
 * once the combats are over (Infinity).
 */
function boardingRounds(turn: Turn, sailed: ReadonlyArray<[AcceptedOrder<OrderOf<'sail'>>, number]>) {
  const roundOf = (a: AcceptedOrder, place: string) => {
    if (turn.options.boarding === 'after-combat') return Infinity;
    const arrivals = sailed.filter(([s]) => s.nation === a.nation && s.index < a.index && s.order.target === place);
    return arrivals.length ? arrivals.at(-1)![1] : 0;
  };
  const group = <A extends AcceptedOrder>(orders: readonly A[], place: (a: A) => string) => {
    const by = new Map<number, A[]>();
    for (const a of orders) {
      const round = roundOf(a, place(a));
      by.set(round, [...(by.get(round) ?? []), a]);
    }
    return by;
  };
  return { landings: group(turn.of('disembark'), (a) => a.order.province), boardings: group(turn.of('embark'), (a) => a.order.target) };
}

type Left = (u: IndustrialUnit) => number;
type Free = (u: IndustrialUnit) => boolean;
type Spend = (u: IndustrialUnit, n?: number) => void;

function inPort(turn: Turn, province: string): boolean {
  return turn.map.province(province).kind !== 'sea';
}

function disembark(turn: Turn, orders: readonly AcceptedOrder<OrderOf<'disembark'>>[], left: Left, spend: Spend, free: Free): void {
  const { state } = turn;
  for (const a of orders) {
    const port = inPort(turn, a.order.province);
    // "Free if ship in port": at sea, landing takes a movement action of the ship carrying them.
    // The ships the nation commands: its own, and those another nation transferred to it (ruling T1).
    const carriers = new Map(
      state.units.filter((s) => commanderOf(s) === a.nation && s.province === a.order.province && isShip(s.type) && free(s)).map((s) => [s.id, s]),
    );
    const cargo = cargoAt(state, a.nation, a.order.province).filter(
      (u) => carriers.has(u.aboard!) && (!a.order.unitType || u.type === a.order.unitType) && (port || left(carriers.get(u.aboard!)!) > 0),
    );
    const units = a.order.count ? cargo.slice(0, a.order.count) : cargo;
    if (!units.length) {
      turn.fail(
        a,
        'NO_UNITS',
        `None of your forces are aboard ships in ${turn.name(a.order.province)} with a movement action left to land them (ships stopped by hostile ships land nobody).`,
      );
      continue;
    }
    if (!port) for (const id of new Set(units.map((u) => u.aboard!))) spend(carriers.get(id)!);
    const hostileAshore = state.units.some((u) => u.province === a.order.target && !u.aboard && !isShip(u.type) && u.nation !== a.nation);
    if (a.order.invade || hostileAshore) {
      if (!a.order.invade) {
        turn.fail(a, 'HOSTILE_FORCES', `Hostile forces stand in ${turn.name(a.order.target)}: your forces stay aboard (order them to disembark and invade).`);
        continue;
      }
      turn.pendingLandings.push(a);
      turn.landingUnits.set(`${a.nation}#${a.index}`, units);
      for (const u of units) turn.landedAtSea.add(u.id);
      continue;
    }
    for (const u of units) {
      delete u.aboard;
      u.province = a.order.target;
      // "If not in port, disembarking forces' movement actions set to zero"
      if (!port) turn.landedAtSea.add(u.id);
    }
    if (!port && !editProvince(state, a.order.target).owner && !editProvince(state, a.order.target).occupier) {
      editProvince(state, a.order.target).occupier = holderOf(units, a.nation);
      editProvince(state, a.order.target).occupiedSince = state.turn;
    }
    turn.done(a, `Your forces come ashore in ${turn.name(a.order.target)}${port ? '' : ' and cannot move on this turn'}.`);
    turn.announce('naval.disembarked', { nation: a.nation, from: a.order.province, to: a.order.target, units: units.map((u) => u.id), force: forceOf(units) });
  }
}

function embark(turn: Turn, orders: readonly AcceptedOrder<OrderOf<'embark'>>[], left: Left, spend: Spend, free: Free): void {
  const { state, options } = turn;
  for (const a of orders) {
    const port = inPort(turn, a.order.target);
    const ships = state.units.filter(
      (u) =>
        commanderOf(u) === a.nation && u.province === a.order.target && (u.type === 'warship' || u.type === 'battleship') && free(u) && (port || left(u) > 0),
    );
    const units = pickStack(state, a.nation, a.order, 'land', turn.landedAtSea);
    const used = new Set<string>();
    let boarded = 0;
    for (const u of units) {
      const ship = ships.find((s) => state.units.filter((c) => c.aboard === s.id).length < options.shipCapacity);
      if (!ship) break;
      u.aboard = ship.id;
      u.province = ship.province;
      u.entrenched = false;
      used.add(ship.id);
      boarded += 1;
    }
    // "Embark Land Forces - Free if ship in port": at sea it takes an action of each ship boarded.
    if (!port) for (const id of used) spend(ships.find((s) => s.id === id)!);
    if (!boarded) turn.fail(a, 'NO_ROOM', `No ship of yours in ${turn.name(a.order.target)} had room for your forces from ${turn.name(a.order.province)}.`);
    else turn.done(a, `${boarded} of your land units board your ships in ${turn.name(a.order.target)}.`);
  }
}

function duty(turn: Turn, kind: 'supply-coast' | 'support-coast' | 'blockade' | 'salvage', left: Left, spend: Spend): void {
  const { state } = turn;
  for (const a of turn.of(kind)) {
    const ships = state.units.filter((u) => commanderOf(u) === a.nation && u.province === a.order.province && isShip(u.type) && !isAbandoned(u) && left(u) > 0);
    if (!ships.length || inPort(turn, a.order.province)) {
      turn.fail(
        a,
        'NO_SHIPS',
        `No ship of yours at sea in ${turn.name(a.order.province)} had a movement action left (ships in port cannot support, supply or blockade).`,
      );
      continue;
    }
    // "(Sets remaining movement actions to zero)"
    for (const s of ships) spend(s, left(s));
    const target = 'target' in a.order ? a.order.target : a.order.province;
    if (kind === 'supply-coast') turn.coastSupply.add(`${a.nation}@${target}`);
    if (kind === 'support-coast')
      turn.coastSupport.set(
        `${a.nation}@${target}`,
        ships.filter((s) => s.type !== 'submarine').map((s) => s.id),
      );
    if (kind === 'blockade') {
      const p = editProvince(state, target);
      p.blockadedBy = [...new Set([...(p.blockadedBy ?? []), a.nation])].sort();
      turn.announce('naval.blockade', { nation: a.nation, port: target });
    }
    if (kind === 'salvage') {
      const wreck = state.units.find((u) => u.province === a.order.province && isAbandoned(u));
      if (!wreck) {
        turn.fail(a, 'NOTHING_TO_SALVAGE', `There is no abandoned ship in ${turn.name(a.order.province)}.`);
        continue;
      }
      // Salvaged by ships another nation transferred, it is their nation's (ruling T1).
      wreck.nation = holderOf(ships, a.nation);
      delete wreck.abandonedTicks;
      wreck.supply = 0;
      // Manned from the salvaging ships, it takes no action this turn either (ruling N6).
      spend(wreck, left(wreck));
      turn.announce('naval.salvaged', { nation: a.nation, place: a.order.province, ship: wreck.id });
    }
    turn.done(a, 'Carried out; your ships there end their movement.');
  }
}

/** Each sail order's round: one continuing another nation's chain (from where it ended) comes a round later. */
export function sailRounds<A extends { nation: string; order: { province: string; target: string; unitType?: string } }>(
  orders: readonly A[],
): Array<[A, number]> {
  const ends = new Map<string, number>();
  return orders.map((a) => {
    const from = `${a.nation}@${a.order.province}@${a.order.unitType ?? ''}`;
    const round = (ends.get(from) ?? 0) + 1;
    ends.delete(from);
    ends.set(`${a.nation}@${a.order.target}@${a.order.unitType ?? ''}`, round);
    return [a, round];
  });
}
