// What forum readers and one nation may know. Public: the board (owners, occupiers, buildings,
// ships and land forces ashore), tech levels, seasons, combats with their dice, treaties as
// drafted and ratified. Private to a nation: its gold and ledger, forces aboard its ships, its
// builds in progress, kill-on-sight list, missions, payments, agreements and full treaty tracking.
import { eventsFor, publicEvents, type GameEvent, type NationView, type PublicView } from '../../engine/index.ts';
import type { IndustrialOptions } from './options.ts';
import { diplomaticReport } from './phases/diplomacy.ts';
import { seasonOf } from './seasons.ts';
import { extraOf, type IndustrialState } from './state.ts';

export function publicView(options: IndustrialOptions, state: IndustrialState, events: readonly GameEvent[]): PublicView {
  const visible = state.units.filter((u) => !u.aboard);
  const owned = new Map<string, number>();
  for (const p of Object.values(state.provinces)) if (p.owner) owned.set(p.owner, (owned.get(p.owner) ?? 0) + 1);
  return {
    turn: state.turn,
    phase: state.phase,
    ...seasonOf(options, state.turn),
    nations: Object.values(state.nations).map((n) => ({
      id: n.id,
      name: n.name,
      provinces: owned.get(n.id) ?? 0,
      units: visible.filter((u) => u.nation === n.id).length,
      tech: n.tech,
      capital: n.capital,
      ...(n.provisionalCapital && { provisionalCapital: n.provisionalCapital }),
      ...(n.leader && { leader: n.leader }),
    })),
    provinces: structuredClone(state.provinces),
    units: structuredClone(visible).map(({ supply: _s, refund: _r, ...u }) => u),
    treaties: extraOf(state).treaties.map((t) => ({ id: t.id, parties: t.parties, ratifiedBy: t.ratifiedBy, inForce: t.inForce })),
    combats: publicEvents(events).filter((e) => e.type === 'land.combat' || e.type === 'naval.combat'),
    events: publicEvents(events),
  };
}

export function privateView(options: IndustrialOptions, state: IndustrialState, events: readonly GameEvent[], nation: string): NationView {
  const base = publicView(options, state, events);
  const me = state.nations[nation];
  const mine = eventsFor(events, nation);
  const extra = extraOf(state);
  return {
    ...base,
    nation,
    events: mine,
    gold: me?.gold ?? 0,
    killOnSight: me?.killOnSight ?? [],
    undeployed: me?.undeployed ?? {},
    cargo: state.units.filter((u) => u.nation === nation && u.aboard),
    ownUnits: state.units.filter((u) => u.nation === nation),
    builds: extra.builds.filter((b) => b.nation === nation),
    missions: extra.missions.filter((m) => m.nation === nation),
    diplomacy: diplomaticReport(state, nation),
    ledger: mine.find((e) => e.type === 'economy.ledger' && e.nation === nation)?.ledger ?? null,
    orders: mine
      .filter((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation)
      .sort((a, b) => Number(a.order) - Number(b.order))
      .map((e) => ({ index: e.order, order: e.canonical, ok: e.type === 'order.succeeded', reason: e.reason, message: e.message })),
  };
}
