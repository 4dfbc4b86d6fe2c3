// What `adjutant game update` would change in a stored game, in the words a GM reads: players,
// deadlines, options, the map, the other settings and files. Pure: two opened games in, sentences
// out. Secrets are never written out, only that they changed.
import type { MapGraph } from '../engine/index.ts';
import { counted } from '../engine/index.ts';
import { GAME_FILE, STATE_FILE, type Game } from './open-game.ts';

export type ChangeTitle = 'Players' | 'Deadlines' | 'Options' | 'Map' | 'Settings' | 'Files';

export interface ChangeSection {
  title: ChangeTitle;
  lines: string[];
}

type Opened = Pick<Game, 'config' | 'map' | 'ctx' | 'files'>;

/** Lines a section lists before it says how many more there are: a GM reads a summary, not a dump. */
const MOST_LINES = 12;

/** The changes from `before` to `after`, by section; `turnDeadline` says what becomes of the turn under way's deadline (the schedule's business). */
export function gameChanges(before: Opened, after: Opened, turnDeadline: string[] = []): ChangeSection[] {
  const sections: ChangeSection[] = [
    { title: 'Players', lines: playerChanges(before, after) },
    { title: 'Deadlines', lines: [...deadlineChanges(before, after), ...turnDeadline] },
    { title: 'Options', lines: leafChanges(before.ctx.options, after.ctx.options).map(sayChange) },
    { title: 'Map', lines: mapChanges(before, after) },
    { title: 'Settings', lines: settingChanges(before, after) },
    { title: 'Files', lines: fileChanges(before, after) },
  ];
  return sections.filter((s) => s.lines.length).map((s) => ({ ...s, lines: shortened(s.lines) }));
}

function playerChanges(before: Opened, after: Opened): string[] {
  const lines = personChanges('the GM', '', before.config.gm, after.config.gm);
  const [was, now] = [before.config.nations, after.config.nations];
  for (const id of union(Object.keys(was), Object.keys(now))) {
    const [b, a] = [was[id], now[id]];
    const label = `${id} (${(a ?? b).name})`;
    if (!b) lines.push(`${label}: a new nation${a.player ? `, played by ${a.player.name} <${a.player.email}>` : ''}`);
    else if (!a) lines.push(`${label}: leaves the game`);
    else {
      const { player: bp, secret: bs, ...bRest } = b;
      const { player: ap, secret: as, ...aRest } = a;
      if (!bp && ap) lines.push(`${label}: now played by ${ap.name} <${ap.email}>`);
      else if (bp && !ap) lines.push(`${label}: no longer has a player (was ${bp.name} <${bp.email}>)`);
      else if (bp && ap) lines.push(...personChanges(label, 'player ', bp, ap));
      if (bs !== as) lines.push(`${label}: ${secretChange(bs, as)}`);
      const { attributes: bAttributes, ...bOwn } = bRest;
      const { attributes: aAttributes, ...aOwn } = aRest;
      lines.push(...leafChanges(bOwn, aOwn).map((c) => `${label}: ${sayChange(c)}`));
      // The ruleset reads a nation's attributes only to set the game up; the game as it stands has its own.
      const attributes = leafChanges(bAttributes, aAttributes).map((c) => c.path);
      if (attributes.length) lines.push(`${label}: attributes ${attributes.join(', ')} changed (they set the game up; the game as it stands keeps its own)`);
    }
  }
  return lines;
}

interface Person {
  name: string;
  email: string;
  timezone?: string;
  secret?: string;
}

/** "red (Caledonia): player email a@x → b@x"; a secret is only said to have changed. */
function personChanges(label: string, role: string, before: Person, after: Person): string[] {
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`${label}: ${role}name ${before.name} → ${after.name}`);
  if (before.email !== after.email) lines.push(`${label}: ${role}email ${before.email} → ${after.email}`);
  if (before.timezone !== after.timezone) lines.push(`${label}: ${role}time zone ${before.timezone ?? "the game's"} → ${after.timezone ?? "the game's"}`);
  if (before.secret !== after.secret) lines.push(`${label}: ${secretChange(before.secret, after.secret)}`);
  return lines;
}

function secretChange(before: string | undefined, after: string | undefined): string {
  return before === undefined ? 'secret added' : after === undefined ? 'secret removed' : 'secret changed';
}

function deadlineChanges(before: Opened, after: Opened): string[] {
  const [was, now] = [before.config.schedule, after.config.schedule];
  const lines = was && now ? leafChanges(was, now).map(sayChange) : [];
  if (!was && now) lines.push(`deadlines from now on: ${scheduleText(now)}`);
  if (was && !now) lines.push(`no more deadlines (were ${scheduleText(was)}): each turn waits for the GM's PROCESS`);
  if (before.config.timezone !== after.config.timezone) lines.unshift(`time zone: ${before.config.timezone} → ${after.config.timezone}`);
  return lines;
}

function scheduleText(schedule: NonNullable<Opened['config']['schedule']>): string {
  const { weekly, every, start, dates, at, reminders } = schedule;
  const when = weekly ? `weekly ${weekly}` : every ? `every ${every}${start ? ` from ${start}` : ''}` : `on ${dates?.join(', ')}`;
  return `${when}${at ? ` at ${at}` : ''}, reminders ${reminders.join(', ') || 'none'}`;
}

function settingChanges(before: Opened, after: Opened): string[] {
  // What the other sections say, or the files do, is left out here.
  const rest = ({ nations: _n, gm: _g, schedule: _s, options: _o, timezone: _t, ruleset: _r, ...others }: Opened['config']) => others;
  return leafChanges(rest(before.config), rest(after.config)).map(sayChange);
}

function mapChanges(before: Opened, after: Opened): string[] {
  const lines: string[] = [];
  const [was, now] = [before.map.provinces, after.map.provinces];
  const added = [...now.values()].filter((p) => !was.has(p.id));
  const removed = [...was.values()].filter((p) => !now.has(p.id));
  if (added.length) lines.push(`provinces added: ${added.map((p) => `${p.name} (${p.id})`).join(', ')}`);
  if (removed.length) lines.push(`provinces removed: ${removed.map((p) => `${p.name} (${p.id})`).join(', ')}`);
  let redrawn = 0;
  for (const p of now.values()) {
    const b = was.get(p.id);
    if (!b) continue;
    if (b.name !== p.name) lines.push(`${p.id} renamed: ${b.name} → ${p.name}`);
    if (b.kind !== p.kind) lines.push(`${p.name} (${p.id}): ${b.kind} → ${p.kind}`);
    if (b.coasts.join() !== p.coasts.join()) lines.push(`${p.name} (${p.id}): coasts ${b.coasts.join(', ') || 'none'} → ${p.coasts.join(', ') || 'none'}`);
    if (b.aliases.join() !== p.aliases.join())
      lines.push(`${p.name} (${p.id}): other names ${b.aliases.join(', ') || 'none'} → ${p.aliases.join(', ') || 'none'}`);
    const { centre: _bc, position: _bp, key: _bk, ...bAttributes } = b.attributes;
    const { centre: _ac, position: _ap, key: _ak, ...aAttributes } = p.attributes;
    const own = leafChanges({ terrain: b.terrain, features: b.features, ...bAttributes }, { terrain: p.terrain, features: p.features, ...aAttributes });
    lines.push(...own.map((c) => `${p.name} (${p.id}): ${sayChange(c)}`));
    if (DRAWN.some((k) => JSON.stringify(b.attributes[k]) !== JSON.stringify(p.attributes[k]))) redrawn++;
  }
  if (redrawn) lines.push(`${counted(redrawn, 'province')} drawn elsewhere on the map`);
  const [oldBorders, newBorders] = [borderNames(before.map), borderNames(after.map)];
  const gained = [...newBorders].filter((b) => !oldBorders.has(b));
  const lost = [...oldBorders].filter((b) => !newBorders.has(b));
  if (gained.length) lines.push(`${counted(gained.length, 'border')} added: ${gained.join(', ')}`);
  if (lost.length) lines.push(`${counted(lost.length, 'border')} removed: ${lost.join(', ')}`);
  return lines;
}

/** Where a province is drawn (map.yaml's position, centre and key colour): said as a count, since a new layout moves them all. */
const DRAWN = ['centre', 'position', 'key'];

/** Each border as "a-b" (with the unit types that cross it when the map names them), in a fixed order. */
function borderNames(map: MapGraph): Set<string> {
  const place = (p: { province: string; coast?: string }) => (p.coast ? `${p.province}/${p.coast}` : p.province);
  return new Set(map.borders.map((b) => `${[place(b.a), place(b.b)].sort().join('-')} (${[...b.units].sort().join(', ')})`));
}

function fileChanges(before: Opened, after: Opened): string[] {
  // game.yaml and the map are described above (a key image is listed here); the state is the store's.
  const described = new Set([GAME_FILE, STATE_FILE, before.config.map, after.config.map]);
  const names = union(Object.keys(before.files), Object.keys(after.files)).filter((n) => !described.has(n));
  return names.flatMap((name) => {
    const [b, a] = [before.files[name], after.files[name]];
    if (b === a) return [];
    return [`${name}: ${b === undefined ? 'added' : a === undefined ? 'removed' : 'changed'}`];
  });
}

interface LeafChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** Every value that differs between two plain trees, by its dotted path; objects are walked, arrays and scalars compared whole. */
function leafChanges(before: unknown, after: unknown, path = ''): LeafChange[] {
  if (isRecord(before) && isRecord(after)) {
    return union(Object.keys(before), Object.keys(after)).flatMap((key) => leafChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (isRecord(before) || isRecord(after)) {
    // A section added or removed whole (a schedule, a forum): each of its values is said.
    const tree = (isRecord(before) ? before : after) as Record<string, unknown>;
    return Object.keys(tree).flatMap((key) =>
      leafChanges(isRecord(before) ? before[key] : undefined, isRecord(after) ? after[key] : undefined, path ? `${path}.${key}` : key),
    );
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}

function sayChange({ path, before, after }: LeafChange): string {
  if (/(^|\.)secret$/.test(path)) return `${path}: ${secretChange(before as string | undefined, after as string | undefined)}`;
  return `${path}: ${valueText(before)} → ${valueText(after)}`;
}

function valueText(value: unknown): string {
  if (value === undefined) return 'none';
  const text = Array.isArray(value) && value.every((v) => typeof v !== 'object') ? value.join(', ') : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The sections as the GM reads them: a heading each, its lines indented under it. */
export function changesText(sections: ChangeSection[]): string[] {
  return sections.flatMap((s) => [`  ${s.title}:`, ...s.lines.map((line) => `    ${line}`)]);
}

function shortened(lines: string[]): string[] {
  return lines.length <= MOST_LINES ? lines : [...lines.slice(0, MOST_LINES - 1), `and ${lines.length - MOST_LINES + 1} more`];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}
