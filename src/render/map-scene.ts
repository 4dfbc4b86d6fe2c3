// What a map picture shows, read from a ruleset's PUBLIC view (never raw state): who owns each
// province, its structure, and the unit stacks in it. The renderers draw a scene and know nothing
// of rulesets.
import type { MapGraph, ProvinceKind, PublicView, TurnMarks, Unit } from '../engine/index.ts';
import type { ArrowKind } from './arrow-shapes.ts';
import type { EventSymbol, StructureSymbol } from './map-symbols.ts';
import { nationColour } from './palette.ts';

export interface SceneNation {
  id: string;
  name: string;
  colour: string;
}

/** One symbol: a nation's armies (with a count), or its fleets with the armies aboard them. */
export interface SceneStack {
  nation: string;
  type: string;
  count: number;
  /** For fleets: armies aboard the fleets of this stack. */
  boarded: number;
}

export interface SceneProvince {
  id: string;
  name: string;
  kind: ProvinceKind;
  owner: string | null;
  structure: StructureSymbol | null;
  /** Lasting features the ruleset asks to show (its turnMarks' features), keys in the order given. */
  features?: SceneFeature[];
  stacks: SceneStack[];
  /** What happened here this turn (a battle, a capture...), each once. */
  events: EventSymbol[];
}

export interface SceneFeature {
  key: string;
  meaning: string;
}

/** An arrow of the turn, from one province's centre to another's. */
export interface SceneArrow {
  kind: ArrowKind;
  from: string;
  to: string;
  ok: boolean;
  nation: string;
}

export interface MapScene {
  title: string;
  /** The turn and date, e.g. "After turn 3 · 4 December 2026". */
  caption: string;
  nations: SceneNation[];
  provinces: SceneProvince[];
  arrows: SceneArrow[];
}

export interface SceneInput {
  map: MapGraph;
  view: PublicView;
  title: string;
  caption: string;
  /** Colours by nation id (game.yaml); nations without one take the palette's by position. */
  colours?: Record<string, string | undefined>;
  /** What the ruleset says the map draws of the step (its report's turnMarks); none when left out. */
  marks?: TurnMarks;
}

/** Fleets of one nation in one sea are drawn one by one, each with its boarded armies, up to this many. */
const FLEETS_DRAWN_SEPARATELY = 4;

const STRUCTURES: Record<string, StructureSymbol> = {
  town: 'town',
  'military-base': 'military-base',
  city: 'city',
  'engineered-city': 'city',
};

export function buildScene({ map, view, title, caption, colours = {}, marks }: SceneInput): MapScene {
  const events = new Map<string, Set<EventSymbol>>();
  for (const m of marks?.provinces ?? []) if (map.has(m.province)) events.set(m.province, (events.get(m.province) ?? new Set()).add(m.mark === 'structure' ? 'structure' : m.mark));
  // A support or convoy of a move points where the move goes; of a holding unit, at the unit.
  const arrows = (marks?.arrows ?? [])
    .map((a) => ({ kind: a.kind, from: a.from, to: a.via ?? a.to, ok: a.ok, nation: a.nation }))
    .filter((a) => map.has(a.from) && map.has(a.to) && a.from !== a.to);
  const features = new Map<string, SceneFeature[]>();
  // Keys are the ruleset's, not players', but a box holds a few letters: longer ones are cut.
  for (const f of marks?.features ?? []) if (map.has(f.province)) features.set(f.province, [...(features.get(f.province) ?? []), { key: f.key.slice(0, 2), meaning: f.meaning }]);
  const nations = view.nations.map((n, i) => ({ id: n.id, name: n.name, colour: nationColour(colours[n.id], i) }));
  const order = new Map(nations.map((n, i) => [n.id, i]));
  const byProvince = new Map<string, Unit[]>();
  for (const unit of view.units) byProvince.set(unit.province, [...(byProvince.get(unit.province) ?? []), unit]);
  const provinces = [...map.provinces.values()].map((p): SceneProvince => {
    const state = view.provinces[p.id] ?? { owner: null };
    return {
      id: p.id,
      name: p.name,
      kind: p.kind,
      owner: state.owner ?? null,
      structure: structureOf(state.structure, p.attributes.supplyCenter ?? state.supplyCenter),
      ...(features.has(p.id) && { features: features.get(p.id) }),
      stacks: stacksOf(byProvince.get(p.id) ?? [], order),
      events: [...(events.get(p.id) ?? [])],
    };
  });
  return { title, caption, nations, provinces, arrows };
}

function structureOf(structure: unknown, supplyCentre: unknown): StructureSymbol | null {
  if (typeof structure === 'string' && STRUCTURES[structure]) return STRUCTURES[structure];
  return supplyCentre === true ? 'supply-centre' : null;
}

function stacksOf(units: Unit[], order: ReadonlyMap<string, number>): SceneStack[] {
  const fleets = new Map(units.filter((u) => u.type === 'fleet').map((u) => [u.id, u]));
  const aboard = new Map<string, number>();
  const armies = new Map<string, SceneStack>();
  for (const unit of units) {
    if (unit.type === 'fleet') continue;
    const carrier = typeof unit.aboard === 'string' ? fleets.get(unit.aboard) : undefined;
    if (carrier) {
      aboard.set(carrier.id, (aboard.get(carrier.id) ?? 0) + 1);
      continue;
    }
    const key = `${unit.nation}\n${unit.type}`;
    const stack = armies.get(key) ?? { nation: unit.nation, type: unit.type, count: 0, boarded: 0 };
    stack.count++;
    armies.set(key, stack);
  }
  const fleetStacks: SceneStack[] = [];
  const fleetsByNation = new Map<string, Unit[]>();
  for (const fleet of fleets.values()) fleetsByNation.set(fleet.nation, [...(fleetsByNation.get(fleet.nation) ?? []), fleet]);
  for (const [nation, list] of fleetsByNation) {
    if (list.length <= FLEETS_DRAWN_SEPARATELY) {
      for (const fleet of list) fleetStacks.push({ nation, type: 'fleet', count: 1, boarded: aboard.get(fleet.id) ?? 0 });
    } else {
      fleetStacks.push({ nation, type: 'fleet', count: list.length, boarded: list.reduce((n, fl) => n + (aboard.get(fl.id) ?? 0), 0) });
    }
  }
  const rank = (s: SceneStack) => (order.get(s.nation) ?? order.size) * 2 + (s.type === 'fleet' ? 1 : 0);
  return [...armies.values(), ...fleetStacks].sort((a, b) => rank(a) - rank(b));
}

/** Every feature key the map shows, once each, for the legend. */
export function featuresShown(scene: MapScene): SceneFeature[] {
  const shown = new Map<string, SceneFeature>();
  for (const p of scene.provinces) for (const f of p.features ?? []) if (!shown.has(f.key)) shown.set(f.key, f);
  return [...shown.values()];
}

/** Every structure kind drawn, for the legend: all board NES structures once any appears. */
export function structuresShown(scene: MapScene): StructureSymbol[] {
  const present = new Set(scene.provinces.map((p) => p.structure).filter((s): s is StructureSymbol => s !== null));
  const shown: StructureSymbol[] = [];
  if (['town', 'military-base', 'city'].some((s) => present.has(s as StructureSymbol))) shown.push('town', 'military-base', 'city');
  if (present.has('supply-centre')) shown.push('supply-centre');
  return shown;
}
