// What a map picture shows, read from a ruleset's PUBLIC view (never raw state): who owns each
// province, its structure, and the unit stacks in it. The renderers draw a scene and know nothing
// of rulesets.
import {
  PROVINCE_FEATURES,
  type MapGraph,
  type ProvinceFeature,
  type ProvinceKind,
  type PublicView,
  type TurnMarks,
  type Unit,
  type UnitShape,
} from '../engine/index.ts';
import type { ArrowKind } from './arrow-shapes.ts';
import type { EventSymbol, StructureSymbol } from './map-symbols.ts';
import { nationColour } from './palette.ts';

export interface SceneNation {
  id: string;
  name: string;
  colour: string;
  /**
   * Still in the game (a province or a unit left), or drawn on this map (a province, a unit or an
   * arrow in its colour): only these are in the legend, so an eliminated nation leaves it.
   */
  inGame: boolean;
}

/** One symbol: a nation's armies or aircraft (with a count), or its fleets with the armies aboard them. */
export interface SceneStack {
  nation: string;
  type: string;
  shape: UnitShape;
  count: number;
  /** For fleets: armies aboard the fleets of this stack. */
  boarded: number;
  /** The nation's own units on its private map: drawn with a halo in its colour. */
  own?: boolean;
}

export interface SceneProvince {
  id: string;
  name: string;
  kind: ProvinceKind;
  owner: string | null;
  structure: StructureSymbol | null;
  /** Improvements and defences, in the order the ruleset gave them. */
  features: Array<{ feature: ProvinceFeature; level?: number }>;
  stacks: SceneStack[];
  /** What happened here this turn (a battle, a capture...), each once. */
  events: EventSymbol[];
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
  /** The ruleset's own words for features in the legend. */
  featureWords: Readonly<Partial<Record<ProvinceFeature, string>>>;
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
  /** The nation whose private map this is: its own unit stacks are marked `own`. */
  highlight?: string;
}

/** Fleets of one nation in one sea are drawn one by one, each with its boarded armies, up to this many. */
const FLEETS_DRAWN_SEPARATELY = 4;

const STRUCTURES: Record<string, StructureSymbol> = {
  town: 'town',
  'military-base': 'military-base',
  city: 'city',
  'engineered-city': 'city',
};

export function buildScene({ map, view, title, caption, colours = {}, marks, highlight }: SceneInput): MapScene {
  const events = new Map<string, Set<EventSymbol>>();
  for (const m of marks?.provinces ?? [])
    if (map.has(m.province)) events.set(m.province, (events.get(m.province) ?? new Set()).add(m.mark === 'structure' ? 'structure' : m.mark));
  // A support or convoy of a move points where the move goes; of a holding unit, at the unit.
  const arrows = (marks?.arrows ?? [])
    .map((a) => ({ kind: a.kind, from: a.from, to: a.via ?? a.to, ok: a.ok, nation: a.nation }))
    .filter((a) => map.has(a.from) && map.has(a.to) && a.from !== a.to);
  // Colours go by position among all the nations, eliminated ones too, so no nation changes colour when another is out.
  const nations = view.nations.map((n, i) => ({ id: n.id, name: n.name, colour: nationColour(colours[n.id], i), inGame: n.provinces > 0 || n.units > 0 }));
  const order = new Map(nations.map((n, i) => [n.id, i]));
  const features = new Map<string, SceneProvince['features']>();
  for (const m of marks?.features ?? [])
    if (map.has(m.province))
      features.set(m.province, [...(features.get(m.province) ?? []), m.level === undefined ? { feature: m.feature } : { feature: m.feature, level: m.level }]);
  const shapes = marks?.unitShapes ?? {};
  const byProvince = new Map<string, Unit[]>();
  for (const unit of view.units) {
    const here = byProvince.get(unit.province);
    if (here) here.push(unit);
    else byProvince.set(unit.province, [unit]);
  }
  const provinces = [...map.provinces.values()].map((p): SceneProvince => {
    const state = view.provinces[p.id] ?? { owner: null };
    return {
      id: p.id,
      name: p.name,
      kind: p.kind,
      owner: state.owner ?? null,
      structure: structureOf(state.structure, p.attributes.supplyCenter ?? state.supplyCenter),
      features: features.get(p.id) ?? [],
      stacks: stacksOf(byProvince.get(p.id) ?? [], order, shapes).map((s) => (highlight !== undefined && s.nation === highlight ? { ...s, own: true } : s)),
      events: [...(events.get(p.id) ?? [])],
    };
  });
  // A nation whose last unit fell this turn may still have an arrow or a unit drawn: its colour needs explaining.
  const drawn = new Set([...arrows.map((a) => a.nation), ...provinces.flatMap((p) => [p.owner, ...p.stacks.map((s) => s.nation)])]);
  for (const nation of nations) nation.inGame ||= drawn.has(nation.id);
  return { title, caption, nations, provinces, arrows, featureWords: marks?.featureWords ?? {} };
}

function structureOf(structure: unknown, supplyCentre: unknown): StructureSymbol | null {
  if (typeof structure === 'string' && STRUCTURES[structure]) return STRUCTURES[structure];
  return supplyCentre === true ? 'supply-centre' : null;
}

function stacksOf(units: Unit[], order: ReadonlyMap<string, number>, shapes: Readonly<Record<string, UnitShape>>): SceneStack[] {
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
    const stack = armies.get(key) ?? { nation: unit.nation, type: unit.type, shape: shapes[unit.type] ?? 'army', count: 0, boarded: 0 };
    stack.count++;
    armies.set(key, stack);
  }
  const fleetStacks: SceneStack[] = [];
  const fleetsByNation = new Map<string, Unit[]>();
  for (const fleet of fleets.values()) fleetsByNation.set(fleet.nation, [...(fleetsByNation.get(fleet.nation) ?? []), fleet]);
  for (const [nation, list] of fleetsByNation) {
    if (list.length <= FLEETS_DRAWN_SEPARATELY) {
      for (const fleet of list) fleetStacks.push({ nation, type: 'fleet', shape: 'fleet', count: 1, boarded: aboard.get(fleet.id) ?? 0 });
    } else {
      fleetStacks.push({ nation, type: 'fleet', shape: 'fleet', count: list.length, boarded: list.reduce((n, fl) => n + (aboard.get(fl.id) ?? 0), 0) });
    }
  }
  const rank = (s: SceneStack) => (order.get(s.nation) ?? order.size) * 3 + (s.shape === 'fleet' ? 2 : s.shape === 'aircraft' ? 1 : 0);
  return [...armies.values(), ...fleetStacks].sort((a, b) => rank(a) - rank(b));
}

/** Every structure kind drawn, for the legend: all board NES structures once any appears. */
export function structuresShown(scene: MapScene): StructureSymbol[] {
  const present = new Set(scene.provinces.map((p) => p.structure).filter((s): s is StructureSymbol => s !== null));
  const shown: StructureSymbol[] = [];
  if (['town', 'military-base', 'city'].some((s) => present.has(s as StructureSymbol))) shown.push('town', 'military-base', 'city');
  if (present.has('supply-centre')) shown.push('supply-centre');
  return shown;
}

/** Every feature drawn somewhere on the map, once each, for the legend. */
export function featuresShown(scene: MapScene): ProvinceFeature[] {
  const present = new Set(scene.provinces.flatMap((p) => p.features.map((f) => f.feature)));
  return PROVINCE_FEATURES.filter((f) => present.has(f));
}

/** The unit shapes drawn besides armies, for the legend. */
export function shapesShown(scene: MapScene): UnitShape[] {
  const present = new Set(scene.provinces.flatMap((p) => p.stacks.map((s) => s.shape)));
  return (['aircraft'] as const).filter((s) => present.has(s));
}
