// The views every ruleset starts from. Units and ownership are on the public map; events are
// filtered by their audience. Rulesets add their own fields (gold, ledgers) on top.
import { eventsFor, publicEvents, type GameEvent } from './events.ts';
import type { NationView, PublicView } from './ruleset.ts';
import type { GameState } from './state.ts';

export function basePublicView(state: GameState, events: readonly GameEvent[]): PublicView {
  const owned = new Map<string, number>();
  for (const p of Object.values(state.provinces)) if (p.owner) owned.set(p.owner, (owned.get(p.owner) ?? 0) + 1);
  // Counted in one pass: filtering the units once per nation grew with nations times units.
  const units = new Map<string, number>();
  for (const u of state.units) units.set(u.nation, (units.get(u.nation) ?? 0) + 1);
  return {
    turn: state.turn,
    phase: state.phase,
    nations: Object.values(state.nations).map((n) => ({
      id: n.id,
      name: n.name,
      provinces: owned.get(n.id) ?? 0,
      units: units.get(n.id) ?? 0,
    })),
    provinces: structuredClone(state.provinces),
    units: structuredClone(state.units),
    events: publicEvents(events),
  };
}

export function baseNationView(state: GameState, events: readonly GameEvent[], nation: string): NationView {
  return { ...basePublicView(state, events), nation, events: eventsFor(events, nation) };
}
