// The map graph: provinces and the borders between them. Adjacency is kept per unit type,
// because armies and fleets see different neighbours (and named coasts matter to fleets).

export type ProvinceKind = 'land' | 'coastal' | 'sea';
export type UnitType = string; // 'army' and 'fleet' in every ruleset so far; rulesets may add more.

export interface Province {
  id: string;
  name: string;
  aliases: string[];
  kind: ProvinceKind;
  terrain?: string;
  features: string[];
  /** Named coasts (e.g. ['nc', 'sc'] for Spain). Empty when the province has a single coast. */
  coasts: string[];
  /** Free per-ruleset data: starting structure, supply centre, landmark, home nation... */
  attributes: Record<string, unknown>;
}

/** One end of a border: a province, and the coast when a fleet's route depends on it. */
export interface Place {
  province: string;
  coast?: string;
}

export interface Border {
  a: Place;
  b: Place;
  /** Unit types that may cross this border. */
  units: UnitType[];
}

export class MapError extends Error {
  override name = 'MapError';
}

export function placeKey(p: Place): string {
  return p.coast ? `${p.province}/${p.coast}` : p.province;
}

export function parsePlace(text: string): Place {
  const [province, coast] = text.split('/');
  return coast ? { province, coast } : { province };
}

/** Which unit types may cross a border between two kinds of province, when the map does not say. */
export function defaultBorderUnits(a: ProvinceKind, b: ProvinceKind): UnitType[] {
  if (a === 'sea' && b === 'sea') return ['fleet'];
  if (a === 'sea' || b === 'sea') return ['fleet'];
  if (a === 'coastal' && b === 'coastal') return ['army', 'fleet'];
  return ['army'];
}

export class MapGraph {
  readonly provinces: ReadonlyMap<string, Province>;
  readonly borders: readonly Border[];
  // unitType -> placeKey -> neighbouring places
  private readonly adjacency = new Map<UnitType, Map<string, Place[]>>();
  // province -> every neighbouring province, whatever the unit type
  private readonly touching = new Map<string, Set<string>>();

  constructor(provinces: Province[], borders: Border[]) {
    this.provinces = new Map(provinces.map((p) => [p.id, p]));
    this.borders = borders;
    for (const border of borders) {
      for (const unit of border.units) {
        this.link(unit, border.a, border.b);
        this.link(unit, border.b, border.a);
      }
      this.touch(border.a.province, border.b.province);
      this.touch(border.b.province, border.a.province);
    }
  }

  private link(unit: UnitType, from: Place, to: Place): void {
    let byPlace = this.adjacency.get(unit);
    if (!byPlace) this.adjacency.set(unit, (byPlace = new Map()));
    // A unit on a named coast reaches only that coast's neighbours; the bare province key
    // holds the union, for rulesets (and armies) that ignore coasts.
    for (const key of from.coast ? [placeKey(from), from.province] : [from.province]) {
      const list = byPlace.get(key) ?? [];
      list.push(to);
      byPlace.set(key, list);
    }
  }

  private touch(a: string, b: string): void {
    let set = this.touching.get(a);
    if (!set) this.touching.set(a, (set = new Set()));
    set.add(b);
  }

  province(id: string): Province {
    const p = this.provinces.get(id);
    if (!p) throw new MapError(`There is no province "${id}" on this map.`);
    return p;
  }

  has(id: string): boolean {
    return this.provinces.has(id);
  }

  /** Places a unit of this type can reach in one step from `from`. */
  neighbours(from: Place | string, unit: UnitType): Place[] {
    const key = typeof from === 'string' ? from : placeKey(from);
    return this.adjacency.get(unit)?.get(key) ?? [];
  }

  /** True when the map draws borders for this unit type (industrial's infantry has none: it steps as an army would). */
  hasBordersFor(unit: UnitType): boolean {
    return this.adjacency.has(unit);
  }

  /** True when a unit of this type can step from `from` to `to` (coasts checked when both are given). */
  adjacent(from: Place | string, to: Place | string, unit: UnitType): boolean {
    const target = typeof to === 'string' ? { province: to } : to;
    return this.neighbours(from, unit).some((p) => p.province === target.province && (!target.coast || !p.coast || p.coast === target.coast));
  }

  /** Every province sharing a border with this one, for any unit type. */
  touches(id: string): ReadonlySet<string> {
    return this.touching.get(id) ?? new Set();
  }

  ids(): string[] {
    return [...this.provinces.keys()];
  }
}

/** Builds a map fluently: `new MapBuilder().land('par', 'Paris').sea('eng', 'English Channel').border('par', 'eng').build()`. */
export class MapBuilder {
  private readonly provinces: Province[] = [];
  private readonly kinds = new Map<string, ProvinceKind>();
  private readonly borders: Border[] = [];

  province(id: string, kind: ProvinceKind, fields: Partial<Omit<Province, 'id' | 'kind'>> = {}): this {
    this.kinds.set(id, kind);
    this.provinces.push({
      id,
      kind,
      name: fields.name ?? id,
      aliases: fields.aliases ?? [],
      terrain: fields.terrain,
      features: fields.features ?? [],
      coasts: fields.coasts ?? [],
      attributes: fields.attributes ?? {},
    });
    return this;
  }

  land(id: string, name = id, fields: Partial<Omit<Province, 'id' | 'kind' | 'name'>> = {}): this {
    return this.province(id, 'land', { ...fields, name });
  }

  coastal(id: string, name = id, fields: Partial<Omit<Province, 'id' | 'kind' | 'name'>> = {}): this {
    return this.province(id, 'coastal', { ...fields, name });
  }

  sea(id: string, name = id, fields: Partial<Omit<Province, 'id' | 'kind' | 'name'>> = {}): this {
    return this.province(id, 'sea', { ...fields, name });
  }

  /** A border between two places ("spa/nc" names a coast). Unit types default from the provinces' kinds. */
  border(a: string, b: string, units?: UnitType[]): this {
    const pa = parsePlace(a);
    const pb = parsePlace(b);
    const kind = (id: string) => {
      const found = this.kinds.get(id);
      if (!found) throw new MapError(`The border ${a} - ${b} names "${id}", which is not a province (declare provinces before borders).`);
      return found;
    };
    this.borders.push({ a: pa, b: pb, units: units ?? defaultBorderUnits(kind(pa.province), kind(pb.province)) });
    return this;
  }

  build(): MapGraph {
    return new MapGraph(this.provinces, this.borders);
  }
}
