// The map in the shape adjudication needs: provinces numbered, adjacency in flat arrays per unit
// type, coasts as places of their own, the portal pair and the landmarks. Built once per map
// (cached), so a 20,000-province turn does no string lookups in its inner loops.
import type { MapGraph } from '../../engine/index.ts';
import { homeOf, landmarkProblems, landmarksOf, type Landmark } from './landmarks.ts';
import type { Workspace } from './workspace.ts';

export const LAND = 0;
export const COASTAL = 1;
export const SEA = 2;

/** Adjacency lists packed in one array: the neighbours of i are list[start[i] .. start[i + 1]). */
export interface Packed {
  start: Int32Array;
  list: Int32Array;
}

function pack(lists: number[][]): Packed {
  const start = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) start[i + 1] = start[i] + lists[i].length;
  const list = new Int32Array(start[lists.length]);
  lists.forEach((l, i) => list.set(l, start[i]));
  return { start, list };
}

export function has(p: Packed, from: number, to: number): boolean {
  for (let i = p.start[from]; i < p.start[from + 1]; i++) if (p.list[i] === to) return true;
  return false;
}

export class WarfareMap {
  readonly ids: string[];
  readonly kind: Uint8Array;
  readonly names: string[];
  readonly coasts: string[][];
  /** Places a fleet can stand on: every province (its bare place), then one place per named coast. */
  readonly placeProvince: number[] = [];
  readonly placeCoast: Array<string | undefined> = [];
  readonly placeIndex = new Map<string, number>();
  /** Each province's places a fleet can stand on: its coasts' places, or the province itself. */
  readonly fleetPlaces: number[][] = [];
  /** Army steps between provinces. */
  readonly army: Packed;
  /** Fleet steps between places (a fleet on a named coast moves from that coast's place). */
  readonly fleet: Packed;
  /** Fleet steps between provinces, whatever the coast: the waters an army can be convoyed through. */
  readonly fleetProvince: Packed;
  /** Every step for any unit, portals included: distances for civil disorder. */
  readonly any: Packed;
  /** The other portal of a linked pair, or -1. */
  readonly portal: Int32Array;
  readonly landmarks: Landmark[][];
  /** Provinces whose landmark counts toward Might (supply centres, Mercenary Companies). */
  readonly mustering: number[];
  /** Each province's supply centres and Mercenary Companies (a province may list one twice): what Might counts. */
  readonly centres: Int32Array;
  readonly companies: Int32Array;
  /** Provinces with a supply centre, in map order: what civil disorder measures from. */
  readonly supplyCenters: number[];
  readonly home: Array<string | undefined>;
  readonly problems: string[];
  /** "army in Paris" and "fleet in ..." by place, made when first needed (see words.ts). */
  readonly armyPhrases: Array<string | undefined>;
  readonly fleetPhrases: Array<string | undefined>;
  /**
   * Province numbers by id, in an object without a prototype rather than a Map: a turn looks up
   * the province of every unit and of every order, and a property lookup here is faster than Map.get.
   */
  private readonly numbers: Record<string, number> = Object.create(null);
  /** The movement turn's reused arrays (see workspace.ts), made by the first turn on this map. */
  workspace: Workspace | undefined = undefined;

  constructor(readonly graph: MapGraph) {
    this.ids = graph.ids();
    const n = this.ids.length;
    this.kind = new Uint8Array(n);
    this.names = [];
    this.coasts = [];
    this.landmarks = [];
    this.home = [];
    this.ids.forEach((id, i) => {
      const p = graph.province(id);
      this.numbers[id] = i;
      this.kind[i] = p.kind === 'sea' ? SEA : p.kind === 'coastal' ? COASTAL : LAND;
      this.names.push(p.name);
      this.coasts.push(p.coasts);
      this.landmarks.push(landmarksOf(p));
      this.home.push(homeOf(p));
      this.placeProvince.push(i);
      this.placeCoast.push(undefined);
      this.placeIndex.set(id, i);
    });
    this.ids.forEach((id, i) => {
      this.fleetPlaces.push(this.coasts[i].length ? [] : [i]);
      for (const coast of this.coasts[i]) {
        this.fleetPlaces[i].push(this.placeProvince.length);
        this.placeIndex.set(`${id}/${coast}`, this.placeProvince.length);
        this.placeProvince.push(i);
        this.placeCoast.push(coast);
      }
    });
    this.armyPhrases = new Array(this.placeProvince.length);
    this.fleetPhrases = new Array(this.placeProvince.length);
    this.problems = landmarkProblems(graph);
    this.mustering = this.ids.map((_, i) => i).filter((i) => this.landmarks[i].some((l) => l === 'supply-center' || l === 'mercenary-company'));
    this.centres = Int32Array.from(this.landmarks, (ls) => ls.filter((l) => l === 'supply-center').length);
    this.companies = Int32Array.from(this.landmarks, (ls) => ls.filter((l) => l === 'mercenary-company').length);
    this.supplyCenters = this.mustering.filter((i) => this.landmarks[i].includes('supply-center'));
    const portals = this.ids.map((_, i) => i).filter((i) => this.landmarks[i].includes('linked-portal'));
    this.portal = new Int32Array(n).fill(-1);
    if (portals.length === 2) {
      this.portal[portals[0]] = portals[1];
      this.portal[portals[1]] = portals[0];
    }

    const armyLists: number[][] = this.ids.map(() => []);
    const fleetLists: number[][] = this.placeProvince.map(() => []);
    const fleetProvLists: number[][] = this.ids.map(() => []);
    const anyLists: number[][] = this.ids.map(() => []);
    const add = (list: number[], v: number) => {
      if (!list.includes(v)) list.push(v);
    };
    for (const border of graph.borders) {
      const a = this.numbers[border.a.province];
      const b = this.numbers[border.b.province];
      add(anyLists[a], b);
      add(anyLists[b], a);
      if (border.units.includes('army')) {
        add(armyLists[a], b);
        add(armyLists[b], a);
      }
      if (border.units.includes('fleet')) {
        const pa = this.placeIndex.get(border.a.coast ? `${border.a.province}/${border.a.coast}` : border.a.province)!;
        const pb = this.placeIndex.get(border.b.coast ? `${border.b.province}/${border.b.coast}` : border.b.province)!;
        add(fleetLists[pa], pb);
        add(fleetLists[pb], pa);
        add(fleetProvLists[a], b);
        add(fleetProvLists[b], a);
      }
    }
    if (portals.length === 2) {
      add(anyLists[portals[0]], portals[1]);
      add(anyLists[portals[1]], portals[0]);
    }
    this.army = pack(armyLists);
    this.fleet = pack(fleetLists);
    this.fleetProvince = pack(fleetProvLists);
    this.any = pack(anyLists);
  }

  /** The number of the province with this id, or undefined when the map has none. */
  number(id: string): number | undefined {
    return this.numbers[id];
  }

  id(i: number): string {
    return this.ids[i];
  }

  name(i: number): string {
    return this.names[i];
  }

  /** "spa/nc" or "par": the place key of a province and optional coast. */
  placeKey(province: number, coast?: string): string {
    return coast ? `${this.ids[province]}/${coast}` : this.ids[province];
  }

  /** The place a fleet stands on: its coast's place on a split province, else the province. */
  fleetPlace(province: number, coast?: string): number {
    // Among the province's few coasts, not by a "spa/nc" key: that string would be made every call.
    if (coast) {
      for (const place of this.fleetPlaces[province]) if (this.placeCoast[place] === coast) return place;
      return -1;
    }
    return this.coasts[province].length ? -1 : province;
  }
}

const cache = new WeakMap<MapGraph, WarfareMap>();

export function warfareMap(graph: MapGraph): WarfareMap {
  let map = cache.get(graph);
  if (!map) cache.set(graph, (map = new WarfareMap(graph)));
  return map;
}
