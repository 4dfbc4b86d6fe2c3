// Land movement phase, in the order of the document's "Order Execution": rail movement (rail.ts), the
// remaining orders, bounces at neutral unoccupied destinations, invasions and their combats,
// casualties applied together, and invaders bounced wherever hostile forces remain.
import { casualtiesOf, fight, hostile, rerollWorst, type CombatResult, type Force, type Fought } from '../land-combat.ts';
import type { GameEvent } from '../../../engine/index.ts';
import { forceOf, lossesOf, pickStack } from '../stacks.ts';
import { editProvince, holderOf, landUnitsAt, type IndustrialUnit } from '../state.ts';
import type { AcceptedOrder, Turn } from '../turn.ts';
import type { OrderOf } from '../orders.ts';
import { moveUnits, rail, type RailCombat } from './rail.ts';

export function moveOnLand(turn: Turn): void {
  const { state } = turn;
  const railCombats = rail(turn);
  for (const a of turn.of('entrench')) {
    const units = pickStack(state, a.nation, a.order, 'land');
    for (const u of units) u.entrenched = true;
    turn.done(a, `Your forces in ${turn.name(a.order.province)} entrench.`);
  }
  march(turn);
  invade(turn, railCombats);
}

function march(turn: Turn): void {
  const { state } = turn;
  const toNeutral = new Map<string, Array<{ a: AcceptedOrder<OrderOf<'march'>>; units: IndustrialUnit[] }>>();
  const invaded = new Set(turn.of('invade').map((a) => a.order.target));
  for (const a of turn.of('march')) {
    const units = pickStack(state, a.nation, a.order, 'land', turn.landedAtSea);
    const target = a.order.target;
    if (!units.length) {
      turn.fail(a, 'NO_UNITS', `You have no land forces free to march from ${turn.name(a.order.province)}.`);
      continue;
    }
    const neutral = !state.provinces[target]?.owner && !state.provinces[target]?.occupier && !landUnitsAt(state, target).length;
    if (neutral) {
      const list = toNeutral.get(target) ?? [];
      list.push({ a, units });
      toNeutral.set(target, list);
      continue;
    }
    if (landUnitsAt(state, target).some((u) => hostile(state, u.nation, a.nation))) {
      turn.fail(a, 'HOSTILE_FORCES', `Hostile forces stand in ${turn.name(target)}: march is refused there; invade instead.`);
      continue;
    }
    moveUnits(units, target);
    turn.done(a, `Your forces march from ${turn.name(a.order.province)} to ${turn.name(target)}.`);
    turn.announce('land.marched', { nation: a.nation, from: a.order.province, to: target, units: units.map((u) => u.id), force: forceOf(units) });
  }
  // "for each neutral unoccupied march destination: if there is no tie for the largest force,
  // bounce all smaller forces, else bounce all forces"; an invasion of it bounces every march.
  for (const [target, list] of toNeutral) {
    const sizes = list.map((x) => x.units.length);
    const largest = Math.max(...sizes);
    const tie = sizes.filter((s) => s === largest).length > 1;
    for (const { a, units } of list) {
      const bounced = invaded.has(target) || tie || units.length < largest;
      if (bounced) {
        turn.fail(
          a,
          'BOUNCED',
          `Your march to ${turn.name(target)} bounced: ${invaded.has(target) ? 'it was invaded' : tie ? 'a tie for the largest force' : 'a larger force marched there'}.`,
        );
        turn.announce('land.bounced', { nation: a.nation, from: a.order.province, to: target });
        continue;
      }
      moveUnits(units, target);
      const p = editProvince(state, target);
      p.occupier = holderOf(units, a.nation);
      p.occupiedSince = state.turn;
      turn.done(a, `Your forces march into neutral ${turn.name(target)} and occupy it.`);
      turn.announce('land.marched', {
        nation: a.nation,
        from: a.order.province,
        to: target,
        units: units.map((u) => u.id),
        force: forceOf(units),
        occupied: true,
      });
    }
  }
}

interface Invasion {
  /** An invasion, a landing that invades, or forces that came by rail among hostile forces (they stay where they stopped). */
  a: AcceptedOrder<OrderOf<'invade'>> | AcceptedOrder<OrderOf<'disembark'>> | AcceptedOrder<OrderOf<'rail'>>;
  force: Force;
  supports: Force[];
}

function invade(turn: Turn, railCombats: readonly RailCombat[]): void {
  const { state } = turn;
  const cut = new Set(turn.of('cut-support').map((a) => `${a.order.target}`));
  // "mark combats" after rail movement: those forces attack first, from where they stopped (ruling L13).
  const invasions = [
    ...railCombats.map(({ a, units }): Invasion => ({ a, force: { nation: a.nation, units, locations: 1, ships: [] }, supports: [] })),
    ...gatherInvasions(turn, cut),
  ];
  const attackLocations = new Map<string, number>();
  for (const inv of invasions) attackLocations.set(inv.a.order.target, (attackLocations.get(inv.a.order.target) ?? 0) + inv.force.locations);

  const dead = new Set<string>();
  const fought: Combat[] = [];
  const record = (result: CombatResult, attacker: Force, defender: Force): Combat => {
    turn.announce('land.combat', {});
    const combat: Combat = { result, attacker, defender, killed: [], event: turn.events.at(-1)! };
    assignCasualties(combat, dead);
    tellCombat(combat);
    fought.push(combat);
    return combat;
  };
  // Invasions turned back by the hostile invasion they met head-on (ruling L4).
  const turnedBack = new Map<Invasion, string>();
  // Invasions already resolved: their fights with rival invaders of the same destination are fought.
  const metRivals = new Set<Invasion>();
  for (const inv of invasions) {
    metRivals.add(inv);
    const target = inv.a.order.target;
    const setting = (support: number) => ({ place: target, defensiveSupport: support, attackLocations: attackLocations.get(target) ?? 0 });
    // "resolve combats in order: between invader and targeted forces, ... invading forces, ... occupying forces"
    for (const other of invasions) {
      if (other === inv || turnedBack.has(inv) || turnedBack.has(other) || !headOn(inv, other) || !hostile(state, inv.a.nation, other.a.nation)) continue;
      const mine = { ...inv.force, units: inv.force.units.filter((u) => !dead.has(u.id)) };
      const theirs = { ...other.force, locations: 0, units: other.force.units.filter((u) => !dead.has(u.id)) };
      if (!mine.units.length || !theirs.units.length) continue;
      const combat = record(fight(turn, setting(0), mine, theirs), mine, theirs);
      combat.headOn = [inv, other];
      const [loser, winner] = combat.result.loser === 'attacker' ? [inv, other] : [other, inv];
      turnedBack.set(loser, winner.a.nation);
    }
    if (turnedBack.has(inv)) continue;
    // Each pair of rival invaders fights once, when the first of the two (in the game's order) is resolved, before its occupiers;
    // an invasion turned back head-on is not there to fight (ruling L14).
    for (const other of invasions) {
      if (other === inv || other.a.order.target !== target || metRivals.has(other) || turnedBack.has(other) || !hostile(state, inv.a.nation, other.a.nation))
        continue;
      const mine = { ...inv.force, units: inv.force.units.filter((u) => !dead.has(u.id)) };
      const theirs = { ...other.force, locations: 0, units: other.force.units.filter((u) => !dead.has(u.id)) };
      if (mine.units.length && theirs.units.length) record(fight(turn, setting(0), mine, theirs), mine, theirs);
    }
    const occupiers = new Map<string, IndustrialUnit[]>();
    for (const u of landUnitsAt(state, target))
      if (hostile(state, u.nation, inv.a.nation) && !dead.has(u.id)) occupiers.set(u.nation, [...(occupiers.get(u.nation) ?? []), u]);
    // A general without troops is no force: it does not fight, and retreats in the recovery phase.
    for (const [nation, units] of occupiers) if (units.every((u) => u.type === 'general')) occupiers.delete(nation);
    for (const [nation, units] of occupiers) {
      const defensiveSupport = turn
        .of('support-defence')
        .filter((s) => s.nation === nation && s.order.target === target && !cut.has(s.order.province))
        .reduce((n, s) => n + pickStack(state, s.nation, s.order, 'land').filter((u) => u.type === 'infantry').length, 0);
      const ships = (turn.coastSupport.get(`${nation}@${target}`) ?? []).map((id) => state.units.find((u) => u.id === id)!).filter(Boolean);
      const defender = (): Force => ({ nation, units: units.filter((u) => !dead.has(u.id)), locations: 0, ships });
      const attack = (force: Force) => {
        const alive = { ...force, units: force.units.filter((u) => !dead.has(u.id)) };
        const d = defender();
        if (alive.units.length && d.units.some((u) => u.type !== 'general')) record(fight(turn, setting(defensiveSupport), alive, d), alive, d);
      };
      attack(inv.force);
      // "for each force offering offensive support: resolve an attack from the supporting force against the defender"
      for (const support of inv.supports) attack(support);
    }
  }
  applyRerolls(turn, fought, dead, turnedBack);
  // "apply all casualties assigned during combat resolution"
  if (dead.size) {
    turn.announce('land.casualties', { units: [...dead], losses: lossesOf(state.units.filter((u) => dead.has(u.id))) });
    state.units = state.units.filter((u) => !dead.has(u.id));
  }
  settle(turn, invasions, dead, turnedBack);
  for (const kind of ['support-attack', 'support-defence', 'cut-support'] as const) {
    for (const s of turn.of(kind))
      if (!turn.hasResult(s)) turn.done(s, cut.has(s.order.province) && kind !== 'cut-support' ? 'Your support was cut.' : 'Carried out.');
  }
}

/** Each invasion with its force, the ships supporting it and the supporting attacks not cut. */
function gatherInvasions(turn: Turn, cut: ReadonlySet<string>): Invasion[] {
  const { state } = turn;
  const invasions: Invasion[] = [];
  for (const a of [...turn.of('invade'), ...turn.pendingLandings]) {
    const units =
      a.order.kind === 'invade' ? pickStack(state, a.nation, a.order, 'land', turn.landedAtSea) : (turn.landingUnits.get(`${a.nation}#${a.index}`) ?? []);
    if (!units.length) {
      turn.fail(a, 'NO_UNITS', `You have no land forces free to invade ${turn.name(a.order.target)}.`);
      continue;
    }
    const supports = turn
      .of('support-attack')
      .filter((s) => s.nation === a.nation && s.order.target === a.order.target && !cut.has(s.order.province))
      .map((s) => ({ nation: s.nation, units: pickStack(state, s.nation, s.order, 'land'), locations: 0, ships: [] as IndustrialUnit[] }))
      .filter((f) => f.units.length);
    const ships = (turn.coastSupport.get(`${a.nation}@${a.order.target}`) ?? []).map((id) => state.units.find((u) => u.id === id)!).filter(Boolean);
    const locations = 1 + supports.length;
    invasions.push({
      a,
      force: { nation: a.nation, units, locations, fromWarship: a.order.kind === 'disembark', ships },
      supports: supports.map((s) => ({ ...s, locations })),
    });
  }
  return invasions;
}

/** Generals' season rerolls of the worst losing results: a result reversed moves the casualties and, head-on, who is turned back. */
function applyRerolls(turn: Turn, fought: Combat[], dead: Set<string>, turnedBack: Map<Invasion, string>): void {
  for (const combat of rerollWorst(turn, fought) as Combat[]) {
    for (const id of combat.killed) dead.delete(id);
    assignCasualties(combat, dead);
    if (combat.headOn) {
      const [first, second] = combat.headOn;
      const [loser, winner] = combat.result.loser === 'attacker' ? [first, second] : [second, first];
      turnedBack.delete(winner);
      turnedBack.set(loser, winner.a.nation);
    }
  }
  for (const combat of fought) tellCombat(combat);
}

interface Combat extends Fought {
  /** The units its loser lost. */
  killed: string[];
  /** Its land.combat event, told again when a general's reroll changes it. */
  event: GameEvent;
  /** For a head-on meeting: the invasion attacking, and the one it met. */
  headOn?: [Invasion, Invasion];
}

function assignCasualties(combat: Combat, dead: Set<string>): void {
  const losing = combat.result.loser === 'attacker' ? combat.attacker : combat.defender;
  combat.killed = casualtiesOf(
    losing.units.filter((x) => !dead.has(x.id)),
    combat.result.casualties,
  ).map((u) => u.id);
  for (const id of combat.killed) dead.add(id);
}

function tellCombat({ result, attacker, defender, event }: Combat): void {
  Object.assign(event, {
    place: result.place,
    attacker: attacker.nation,
    defender: defender.nation,
    result,
    casualties: result.casualties,
    loser: result.loser === 'attacker' ? attacker.nation : defender.nation,
  });
}

/** Two invasions each from the other's destination: they meet on the way ("targeted forces"). */
function headOn(a: Invasion, b: Invasion): boolean {
  return a.a.order.target === b.a.order.province && b.a.order.target === a.a.order.province;
}

/** "for each invade destination { if any hostile forces are still present { bounce all invading forces } }" */
function settle(turn: Turn, invasions: readonly Invasion[], dead: ReadonlySet<string>, turnedBack: ReadonlyMap<Invasion, string>): void {
  const { state } = turn;
  for (const inv of invasions) {
    if (inv.a.order.kind === 'rail') continue; // already where it fought
    const target = inv.a.order.target;
    const alive = inv.force.units.filter((u) => !dead.has(u.id));
    const by = turnedBack.get(inv);
    if (by && alive.length) {
      turn.fail(inv.a, 'BOUNCED', `Your invasion of ${turn.name(target)} met ${turn.nationName(by)}'s invasion head-on and was turned back.`);
      turn.announce('land.bounced', { nation: inv.a.nation, from: inv.a.order.province, to: target, invasion: true, headOn: by });
      continue;
    }
    const hostiles = landUnitsAt(state, target).filter((u) => hostile(state, u.nation, inv.a.nation) && u.type !== 'general');
    const rivals = invasions.some(
      (o) => o !== inv && o.a.order.target === target && hostile(state, o.a.nation, inv.a.nation) && o.force.units.some((u) => !dead.has(u.id)),
    );
    if (!alive.length) turn.fail(inv.a, 'DESTROYED', `Your invasion of ${turn.name(target)} was destroyed.`);
    else if (hostiles.length || rivals) {
      turn.fail(inv.a, 'BOUNCED', `Your invasion of ${turn.name(target)} bounced: hostile forces are still there.`);
      turn.announce('land.bounced', { nation: inv.a.nation, from: inv.a.order.province, to: target, invasion: true });
    } else {
      for (const u of alive) {
        delete u.aboard;
        u.province = target;
        u.entrenched = false;
      }
      const p = editProvince(state, target);
      const holder = holderOf(alive, inv.a.nation);
      if (p.owner === holder) p.occupier = null;
      else if (p.occupier !== holder) {
        p.occupier = holder;
        p.occupiedSince = state.turn;
      }
      turn.done(inv.a, `Your forces take ${turn.name(target)}.`);
      turn.announce('land.invaded', { nation: inv.a.nation, from: inv.a.order.province, to: target, units: alive.map((u) => u.id), force: forceOf(alive) });
    }
  }
}
