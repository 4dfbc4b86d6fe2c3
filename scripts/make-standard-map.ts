// Writes examples/standard/map.yaml, the standard Diplomacy map, from the DATC CSVs (provinces,
// regions with their coasts, borders typed land / sea / coast) in test/datc/standard-map/.
//   node --import tsx scripts/make-standard-map.ts [CSV_DIR] [OUT_FILE]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toYaml } from '../src/game/open-game.ts';
import { missingBorders } from '../src/datc/standard-map.ts';
import { ALIASES } from './standard-aliases.ts';
import { keyColour, SITES, standardProjection } from './standard-geography.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const csvDir = process.argv[2] ?? [path.join(root, 'test/datc/standard-map')].find((d) => existsSync(path.join(d, 'borders.csv')));
const out = process.argv[3] ?? path.join(root, 'examples/standard/map.yaml');
if (!csvDir) throw new Error('No DATC standard-map CSVs found: pass their folder as the first argument.');

/** Home-centre owners as the CSV writes them, and the nation ids the warfare examples use. */
const NATIONS: Record<string, string> = { AUS: 'austria', ENG: 'england', FRA: 'france', GER: 'germany', ITA: 'italy', RUS: 'russia', TUR: 'turkey' };

function rows(file: string): string[][] {
  return readFileSync(path.join(csvDir!, file), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim())
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

/** "bul(ec)" -> "bul/ec"; the CSVs write coasts as n/s/e in regions and nc/sc/ec in borders. */
function place(region: string): string {
  const m = /^([a-z]+)\(([a-z]+)\)$/.exec(region);
  return m ? `${m[1]}/${m[2]}` : region;
}

const regions = rows('regions.csv');
const coastsOf = new Map<string, string[]>();
const terrainOf = new Map<string, string>();
for (const [province, coast, terrain] of regions) {
  if (coast) coastsOf.set(province, [...(coastsOf.get(province) ?? []), `${coast}c`]);
  else terrainOf.set(province, terrain);
}

const provinces: Record<string, Record<string, unknown>> = {};
for (const [id, name, centre] of rows('provinces.csv')) {
  const terrain = terrainOf.get(id);
  const coasts = coastsOf.get(id);
  const kind = terrain === 'sea' ? 'sea' : terrain === 'coast' || coasts ? 'coastal' : 'land';
  const attributes: Record<string, unknown> = {};
  if (centre) attributes.supplyCenter = true;
  if (centre && centre !== 'neutral') attributes.home = NATIONS[centre] ?? centre.toLowerCase();
  provinces[id] = { name, kind, ...(coasts ? { coasts } : {}), ...(Object.keys(attributes).length ? { attributes } : {}) };
}

// Each province's colour on key.png (drawn by make-standard-key.ts) and where its label goes.
const projection = standardProjection();
Object.entries(provinces).forEach(([id, p], i) => {
  const site = SITES[id]?.[0];
  if (!site) throw new Error(`scripts/standard-geography.ts has no place for the province "${id}".`);
  const [x, y] = projection(site)!;
  p.key = keyColour(i, p.kind === 'sea');
  p.centre = [Math.round(x), Math.round(y)];
});

const UNITS: Record<string, string[]> = { land: ['army'], sea: ['fleet'], coast: ['army', 'fleet'] };
// The CSVs leave out a few borders of the real board (Norway - St Petersburg...); the warfare
// ruleset's loader lists them, and the example map must agree with it.
const borders = [...rows('borders.csv'), ...missingBorders].map(([a, b, terrain]) => {
  const units = UNITS[terrain];
  if (!units) throw new Error(`borders.csv: unknown border terrain "${terrain}" between ${a} and ${b}.`);
  return [place(a), place(b), ...units];
});

mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `# The standard Diplomacy map, written by scripts/make-standard-map.ts from the DATC standard-map CSVs
# (${path.basename(csvDir)}); supply centres carry supplyCenter, home centres their nation. key.png
# (scripts/make-standard-key.ts) draws Europe's coastlines from Natural Earth: see README.md here.
image: key.png
${toYaml({ provinces })}borders:
${borders.map((b) => `  - [${b.join(', ')}]`).join('\n')}
${toYaml({ aliases: ALIASES })}`,
);
console.log(`Wrote ${out}: ${Object.keys(provinces).length} provinces, ${borders.length} borders.`);
