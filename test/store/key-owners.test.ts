// One owner per Redis structure: src/store/keys.ts names every key and, in its comments, the one
// module that owns it; no other module of src/ or jobs/ names that key. Other modules call the
// owner, and a script spanning several owners' structures uses their Lua (game.lua, tickets.lua).
// The same files hold no key spelt outside the catalogue, no Lua as a string, and no BullMQ queue
// made outside jobs/queues.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as keys from '../../src/store/keys.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CATALOGUE = 'src/store/keys.ts';

/** Builder (or key) name -> field -> owner module ('' for a key that is itself the key, such as GAMES_KEY). */
export type Owners = Record<string, Record<string, string>>;

const OWNER = /Owner: (\S+\.ts)/;

/** Reads the owners from the catalogue's comments: a field's own "Owner:", else its group's. */
export function ownersOf(catalogue: string): Owners {
  const owners: Owners = {};
  const group = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export (?:function|const) (\w+)/g;
  for (const m of catalogue.matchAll(group)) {
    const [, doc, name] = m;
    if (!/(Keys|_KEYS|_KEY)$/.test(name)) continue;
    const groupOwner = OWNER.exec(doc)?.[1] ?? '';
    const start = (m.index ?? 0) + m[0].length;
    if (catalogue.startsWith(" = '", start)) {
      owners[name] = { '': groupOwner };
      continue;
    }
    const body = catalogue.slice(start, catalogue.indexOf('\n}', start));
    owners[name] = {};
    for (const f of body.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*(\w+):/g)) owners[name][f[2]] = OWNER.exec(f[1])?.[1] ?? groupOwner;
  }
  return owners;
}

/** One use of a key: builder and field ('' for the key itself), or a use the scan cannot follow. */
export interface KeyUse {
  builder: string;
  field: string;
}

function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i;
  }
  return code.length;
}

function topLevelParts(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    if ('([{'.includes(list[i])) depth++;
    else if (')]}'.includes(list[i])) depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  parts.push(list.slice(from).trim());
  return parts;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The keys a file names: `gameKeys(id).orders`, `k.orders` after `const k = gameKeys(id)` (or
 * `this.keys = ...`, or `const [g, m] = [gameKeys(id), mailKeys(id)]`), `STORE_KEYS.probe`,
 * `GAMES_KEY`. A builder used any other way is a use with field '?', which no owner is allowed.
 */
export function keyUses(source: string, owners: Owners): KeyUse[] {
  // Comments may name a key (an owner says what it owns); a URL's "//" is kept.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const imported = /import\s*\{([^}]*)\}\s*from\s*['"][^'"]*store\/keys\.ts['"]/.exec(code);
  if (!imported) return [];
  const names = imported[1]
    .split(',')
    .map((n) =>
      n
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!,
    )
    .filter((n) => n in owners);
  const body = code.slice(0, imported.index) + code.slice(imported.index + imported[0].length);
  const uses: KeyUse[] = [];
  for (const builder of names) {
    const fields = owners[builder];
    if ('' in fields) {
      if (new RegExp(`\\b${builder}\\b`).test(body)) uses.push({ builder, field: '' });
      continue;
    }
    const bound = new Set<string>();
    for (const m of body.matchAll(new RegExp(`\\b${builder}\\b`, 'g'))) {
      const at = m.index ?? 0;
      const before = body.slice(Math.max(0, at - 200), at);
      if (/typeof\s+$/.test(before)) continue;
      let end = at + builder.length;
      if (body[end] === '(') end = closingParen(body, end) + 1;
      const field = /^\.(\w+)/.exec(body.slice(end));
      const assigned = /(?:(?:const|let)\s+|this\.)(\w+)\s*=\s*$/.exec(before);
      const inArray = /const\s*\[([^\]]*)\]\s*=\s*\[([^\]]*)$/.exec(before);
      if (field) uses.push({ builder, field: field[1] });
      else if (assigned) bound.add(/this\.\w+\s*=\s*$/.test(before) ? `this.${assigned[1]}` : assigned[1]);
      else if (inArray) bound.add(topLevelParts(inArray[1])[topLevelParts(inArray[2]).length - 1]);
      else uses.push({ builder, field: '?' });
    }
    for (const name of bound) {
      for (const m of body.matchAll(new RegExp(`(?<![\\w.])${escape(name)}\\.(\\w+)`, 'g'))) if (m[1] in fields) uses.push({ builder, field: m[1] });
    }
  }
  return uses;
}

function sources(dir: string): string[] {
  return (readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true }) as Array<{ isFile(): boolean; name: string; parentPath: string }>)
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const catalogue = readFileSync(path.join(root, CATALOGUE), 'utf8');
const owners = ownersOf(catalogue);
const files = ['src', 'jobs'].flatMap(sources).filter((file) => file !== CATALOGUE);
const code = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the key catalogue', () => {
  it('names an owner, a module that exists, for every key it builds', () => {
    const built: Record<string, string[]> = {
      gameKeys: Object.keys(keys.gameKeys('g')),
      mailKeys: Object.keys(keys.mailKeys('g')),
      postKeys: Object.keys(keys.postKeys('g')),
      forumKeys: Object.keys(keys.forumKeys('g')),
      webKeys: Object.keys(keys.webKeys('g')),
      schedulerKeys: Object.keys(keys.schedulerKeys('s')),
      WEB_KEYS: Object.keys(keys.WEB_KEYS),
      STORE_KEYS: Object.keys(keys.STORE_KEYS),
      OUTBOX_KEYS: Object.keys(keys.OUTBOX_KEYS),
      GAMES_KEY: [''],
    };
    expect(Object.fromEntries(Object.entries(owners).map(([name, fields]) => [name, Object.keys(fields)]))).toEqual(built);
    const unowned = Object.entries(owners).flatMap(([name, fields]) =>
      Object.entries(fields)
        .filter(([, owner]) => !owner || !files.includes(owner))
        .map(([field, owner]) => `${name}.${field}: "${owner}"`),
    );
    expect(unowned).toEqual([]);
  });

  it('finds a key named outside its owner, however it is reached', () => {
    const use = (snippet: string) => keyUses(`import { gameKeys, mailKeys, STORE_KEYS, GAMES_KEY } from '../store/keys.ts';\n${snippet}`, owners);
    expect(use(`await redis.hkeys(gameKeys(id).orders);`)).toEqual([{ builder: 'gameKeys', field: 'orders' }]);
    expect(use(`const k = gameKeys(id);\nawait redis.get(k.rollbacks);`)).toEqual([{ builder: 'gameKeys', field: 'rollbacks' }]);
    expect(use(`const [g, m] = [gameKeys(id), mailKeys(id)];\nawait redis.hget(m.received, x);`)).toEqual([{ builder: 'mailKeys', field: 'received' }]);
    expect(use(`this.keys = mailKeys(scope);\nawait this.redis.zadd(this.keys.rate(a), 1, b);`)).toEqual([{ builder: 'mailKeys', field: 'rate' }]);
    expect(use(`await redis.set(STORE_KEYS.probe, '1');\nawait redis.smembers(GAMES_KEY);`)).toEqual([
      { builder: 'STORE_KEYS', field: 'probe' },
      { builder: 'GAMES_KEY', field: '' },
    ]);
    expect(use(`await readAll(gameKeys(id));`)).toEqual([{ builder: 'gameKeys', field: '?' }]);
    expect(use(`type K = ReturnType<typeof gameKeys>;`)).toEqual([]);
    expect(use(`// Owns gameKeys orders.\n/** mailKeys tickets */`)).toEqual([]);
  });

  it("is kept: in src/ and jobs/, only a key's owner names it", () => {
    expect(files).toEqual(expect.arrayContaining(['src/store/game-store.ts', 'src/messages/message-ledger.ts', 'src/web/public-pages.ts', 'jobs/parse.ts']));
    const strays = files.flatMap((file) =>
      keyUses(code(file), owners)
        .filter(({ builder, field }) => owners[builder][field] !== file)
        .map(
          ({ builder, field }) => `${file}: ${builder}${field ? `.${field}` : ''} (owner: ${owners[builder][field] ?? 'none; use the key through its owner'})`,
        ),
    );
    expect(strays).toEqual([]);
  });

  it('holds every key: none is spelt elsewhere in src/ or jobs/', () => {
    const spelt = files.filter((file) => /['"`]adjutant:/.test(code(file)));
    expect(spelt).toEqual([]);
  });
});

describe('scripts and queues', () => {
  it('keeps Lua in .lua files beside their owners, not in strings', () => {
    expect(files.filter((file) => /redis\.call\(/.test(code(file)))).toEqual([]);
  });

  it('makes every BullMQ queue in jobs/queues.ts, from its one list of names', () => {
    expect(files.filter((file) => file !== 'jobs/queues.ts' && /new Queue\b/.test(code(file)))).toEqual([]);
    // jobs/workers.ts makes its workers in a loop over QUEUES names, as `name`; the sender and the
    // poster on the queue jobs/ made and handed them, as `queue.name`.
    const named = files.flatMap((file) => [...code(file).matchAll(/new Worker\b(?:<[^>]*>)?\(\s*([^,\s]+)/g)].map((m) => `${file}: ${m[1]}`));
    expect(named.length).toBeGreaterThanOrEqual(5);
    expect(named.filter((use) => !/: (QUEUES\.\w+|name|queue\.name)$/.test(use))).toEqual([]);
  });
});
