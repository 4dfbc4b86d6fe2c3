// map.yaml: provinces and borders. The schema catches shape errors; the checks after it catch what
// a schema cannot (a border naming a province that does not exist, a coast that was not declared).
import { z } from 'zod';
import { MapBuilder, MapGraph, parsePlace } from '../engine/index.ts';
import { normalizeName } from '../orders/names.ts';
import { didYouMean, type Problem } from './problems.ts';
import { checkSchema, lineOf, readYaml, type YamlFile } from './yaml-file.ts';

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'ids are lower-case letters, digits, "-" and "_"');

const provinceSchema = z.strictObject({
  name: z.string().min(1),
  kind: z.enum(['land', 'coastal', 'sea']),
  aliases: z.array(z.string()).optional(),
  terrain: z.string().optional(),
  features: z.array(z.string()).optional(),
  coasts: z.array(id).optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  /** Where to draw the label and units on a province-key map, in image pixels. */
  centre: z.tuple([z.number(), z.number()]).optional(),
  /** Where its box goes on the schematic of a map without key image, in pixels (`adjutant map layout` writes them). */
  position: z.tuple([z.number(), z.number()]).optional(),
  /** The province's flat colour on the key image (#rrggbb). */
  key: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'a key colour is written #rrggbb')
    .optional(),
});

/** Two places, then the unit types that may cross (none given: from the provinces' kinds). */
const borderSchema = z.tuple([z.string(), z.string()], z.string());

export const mapFileSchema = z.strictObject({
  /** Optional province-key image, relative to the map file. */
  image: z.string().optional(),
  provinces: z.record(id, provinceSchema),
  borders: z.array(borderSchema),
  /** Other names players write for provinces ("mid: mao"): alias -> province id. */
  aliases: z.record(z.string(), z.string()).optional(),
});

export type MapFile = z.infer<typeof mapFileSchema>;

export function readMapFile(file: string, text: string): { map?: MapGraph; data?: MapFile; problems: Problem[] } {
  const { yaml, problems } = readYaml(file, text);
  if (problems.length) return { problems };
  const { value, problems: schemaProblems } = checkSchema(yaml, mapFileSchema);
  if (!value) return { problems: schemaProblems };
  const found: Problem[] = [];
  value.borders.forEach((border, i) => {
    for (const end of border.slice(0, 2)) {
      const place = parsePlace(end);
      const province = value.provinces[place.province];
      const line = () => lineOf(yaml, ['borders', i]);
      if (!province) {
        const guess = didYouMean(place.province, Object.keys(value.provinces));
        found.push({
          file,
          line: line(),
          field: `borders[${i}]`,
          message: `the border names "${place.province}", which is not a province of this map${guess ? ` (did you mean "${guess}"?)` : ''}.`,
        });
      } else if (place.coast && !(province.coasts ?? []).includes(place.coast)) {
        found.push({ file, line: line(), field: `borders[${i}]`, message: `"${place.province}" has no coast "${place.coast}" (declare it under coasts).` });
      }
    }
    if (border[0] === border[1]) found.push({ file, line: lineOf(yaml, ['borders', i]), field: `borders[${i}]`, message: 'a province cannot border itself.' });
  });
  found.push(...aliasProblems(file, yaml, value));
  if (found.length) return { problems: found };
  return { map: buildMap(value), data: value, problems: [] };
}

export function buildMap(data: MapFile): MapGraph {
  const builder = new MapBuilder();
  const extra = new Map<string, string[]>();
  for (const [alias, pid] of Object.entries(data.aliases ?? {})) extra.set(pid, [...(extra.get(pid) ?? []), alias]);
  for (const [pid, p] of Object.entries(data.provinces)) {
    const attributes = { ...(p.attributes ?? {}) };
    if (p.centre) attributes.centre = p.centre;
    if (p.position) attributes.position = p.position;
    if (p.key) attributes.key = p.key;
    builder.province(pid, p.kind, {
      name: p.name,
      aliases: [...(p.aliases ?? []), ...(extra.get(pid) ?? [])],
      terrain: p.terrain,
      features: p.features,
      coasts: p.coasts,
      attributes,
    });
  }
  for (const [a, b, ...units] of data.borders) builder.border(a, b, units.length ? units : undefined);
  return builder.build();
}

/**
 * An alias written like another province's id or name would hide that province from every order, so
 * the map is refused. Several provinces may share an alias under `provinces` (the GM is asked which
 * one a player means); an entry of the `aliases:` section names exactly one province.
 */
function aliasProblems(file: string, yaml: YamlFile, data: MapFile): Problem[] {
  const found: Problem[] = [];
  const named = new Map<string, string>();
  for (const [pid, p] of Object.entries(data.provinces)) for (const written of [pid, p.name]) named.set(normalizeName(written), pid);
  const check = (written: string, pid: string, field: string, line: number | undefined): string | undefined => {
    const key = normalizeName(written);
    if (!/[\p{L}\p{N}]/u.test(key)) return void found.push({ file, line, field, message: `the alias "${written}" has no letters or digits to match.` });
    const other = named.get(key);
    if (other && other !== pid)
      return void found.push({ file, line, field, message: `"${written}" is already the id or name of "${other}"; an alias cannot name "${pid}" as well.` });
    return key;
  };
  for (const [pid, p] of Object.entries(data.provinces)) {
    (p.aliases ?? []).forEach((alias, i) => check(alias, pid, `provinces.${pid}.aliases[${i}]`, lineOf(yaml, ['provinces', pid, 'aliases', i])));
  }
  const declared = new Map<string, string>();
  for (const [alias, pid] of Object.entries(data.aliases ?? {})) {
    const line = lineOf(yaml, ['aliases', alias]);
    const field = `aliases.${alias}`;
    if (!data.provinces[pid]) {
      const guess = didYouMean(pid, Object.keys(data.provinces));
      found.push({ file, line, field, message: `the alias names "${pid}", which is not a province of this map${guess ? ` (did you mean "${guess}"?)` : ''}.` });
      continue;
    }
    const key = check(alias, pid, field, line);
    const before = key && declared.get(key);
    if (before && before !== pid)
      found.push({ file, line, field, message: `"${alias}" is written like an alias of "${before}" above; an entry here names one province.` });
    if (key) declared.set(key, pid);
  }
  return found;
}
