// Numbers beside nouns: the one helper (counted) with 0, 1 and 2, and every template rendered with
// every value it prints set to 0, then 1, then 2, so a count a template puts beside a noun itself
// ("{{n}} steps") shows as "1 steps" and fails here. Then the sentences the issue quoted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import { counted, plural } from '../../src/engine/index.ts';
import { registerHelpers } from '../../src/render/helpers.ts';
import { TEMPLATE_DIR } from '../../src/render/templates.ts';
import { caravansBack } from '../../src/rulesets/board-nes/phases/trade.ts';
import { fixtureGame } from './support.ts';

const NOUNS = [
  'unit',
  'province',
  'step',
  'caravan',
  'army',
  'fleet',
  'die',
  'nation',
  'order',
  'turn',
  'escort',
  'build',
  'player',
  'line',
  'day',
  'hour',
  'minute',
  'round',
  'battle',
  'technology',
  'message',
  'ticket',
  'email',
  'mail',
  'supply center',
  'gold',
];

/** "1 armies" or "2 army": a count whose noun does not agree with it. */
function disagreements(text: string): string[] {
  const wrong: string[] = [];
  for (const noun of NOUNS) {
    const many = plural(noun);
    if (many === noun) continue;
    for (const m of text.matchAll(new RegExp(`\\b(\\d+) (${noun}|${many})\\b`, 'g'))) {
      if ((m[1] === '1') !== (m[2] === noun)) wrong.push(m[0]);
    }
  }
  return wrong;
}

/** Data in which every value is `n`: a list of n such values, whose fields are such values too. */
function everything(n: number, depth = 5): unknown {
  if (depth === 0) return n;
  const items = Array.from({ length: n }, () => everything(n, depth - 1));
  return new Proxy(items, {
    get(target, key, receiver) {
      if (key === 'toString' || key === 'valueOf') return () => String(n);
      if (key === Symbol.toPrimitive) return () => n;
      if (typeof key === 'symbol' || key in target) return Reflect.get(target, key, receiver);
      if (key === 'toHTML' || key === 'then' || key === 'toJSON') return undefined;
      return everything(n, depth - 1);
    },
    // Handlebars reads only own properties: every field name is one here.
    has: (target, key) => typeof key === 'string' || key in target,
    getOwnPropertyDescriptor: (target, key) =>
      Reflect.getOwnPropertyDescriptor(target, key) ??
      (typeof key === 'string' ? { configurable: true, enumerable: false, writable: false, value: everything(n, depth - 1) } : undefined),
  });
}

function allTemplates(): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(TEMPLATE_DIR, { recursive: true }) as string[]) {
    if (name.endsWith('.hbs')) found[name.split(path.sep).join('/')] = readFileSync(path.join(TEMPLATE_DIR, name), 'utf8');
  }
  return found;
}

describe('counts beside nouns', () => {
  it('says 0, 1 and 2 of each noun right', () => {
    expect([0, 1, 2].map((n) => counted(n, 'caravan'))).toEqual(['0 caravans', '1 caravan', '2 caravans']);
    expect([0, 1, 2].map((n) => counted(n, 'army'))).toEqual(['0 armies', '1 army', '2 armies']);
    expect([0, 1, 2].map((n) => counted(n, 'die'))).toEqual(['0 dice', '1 die', '2 dice']);
    expect([0, 1, 2].map((n) => counted(n, 'infantry'))).toEqual(['0 infantry', '1 infantry', '2 infantry']);
    expect(counted(2, 'swordsman')).toBe('2 swordsmen');
    expect(counted(2, 'escorted caravan')).toBe('2 escorted caravans');
    for (const noun of NOUNS) for (const n of [0, 1, 2]) expect(disagreements(counted(n, noun)), `${n} ${noun}`).toEqual([]);
  });

  const templates = allTemplates();
  const hb = Handlebars.create();
  registerHelpers(hb);
  for (const [name, source] of Object.entries(templates)) {
    if (name.startsWith('partials/')) hb.registerPartial(path.basename(name, '.hbs'), source);
  }

  it.each(Object.keys(templates).filter((n) => !n.startsWith('partials/')))('%s, with counts 0, 1 and 2', (name) => {
    const template = hb.compile(templates[name], { noEscape: !name.endsWith('.html.hbs') });
    for (const n of [0, 1, 2]) {
      const text = template(everything(n));
      expect(disagreements(text), `${name} with ${n}`).toEqual([]);
    }
  });

  it('puts no count beside a noun in a template except through the counted helper', () => {
    for (const [name, source] of Object.entries(templates)) {
      const raw = [...source.matchAll(/\{\{[^#/>!{}][^{}]*\}\} ([a-z]+)/g)].map((m) => m[0]).filter((m) => /(\.length|[cC]ount|\bn|steps|turns)\}\} /.test(m));
      expect(raw, name).toEqual([]);
    }
  });
});

describe('sentences a reader trusts', async () => {
  const game = await fixtureGame('board-nes');

  it('disbands one fleet, and two', () => {
    expect(game.ruleset.describeOrder(game.ctx, { kind: 'disband', unitType: 'fleet', province: 'iri', count: 1 })).toBe(
      'Your fleet in Irish Sea is disbanded.',
    );
    expect(game.ruleset.describeOrder(game.ctx, { kind: 'disband', unitType: 'fleet', province: 'iri', count: 2 })).toBe(
      'Your 2 fleets in Irish Sea are disbanded.',
    );
    expect(game.ruleset.describeOrder(game.ctx, { kind: 'caravan', nation: 'blue', count: 1 })).toBe('You send 1 caravan to Bluevale.');
  });

  it('tells what came back of 1 and of 2 caravans', () => {
    expect(caravansBack(1, 1, 2)).toBe('The caravan you sent out came back, bringing 2 gold.');
    expect(caravansBack(1, 0, 0)).toBe('The caravan you sent out did not come back.');
    expect(caravansBack(2, 0, 0)).toBe('Of the 2 caravans you sent out, none came back.');
    expect(caravansBack(2, 1, 2)).toBe('Of the 2 caravans you sent out, 1 came back, bringing 2 gold.');
  });

  it('says a battle of one army against one without the dice', () => {
    const ctx = game.ctx;
    const battle = game.ruleset.report!.battles(ctx, [
      {
        type: 'battle.fought',
        audience: 'public',
        place: 'cly',
        kind: 'land',
        combat: 'board-nes-dice',
        winner: null,
        sides: [
          { nation: 'red', role: 'attacker', units: 1, lost: 1 },
          { nation: 'blue', role: 'defender', units: 1, lost: 1 },
        ],
        rounds: [
          {
            round: 1,
            x: 1,
            sides: [
              { nation: 'red', role: 'attacker', units: 1, die: 1, roll: 1, hitsTo: ['blue'], hitsTaken: { numerator: 1, denominator: 1 }, losses: 1 },
              { nation: 'blue', role: 'defender', units: 1, die: 1, roll: 1, hitsTo: ['red'], hitsTaken: { numerator: 1, denominator: 1 }, losses: 1 },
            ],
          },
        ],
      },
    ] as never)[0];
    const words = (s: readonly unknown[]) => s.map((p) => (typeof p === 'string' ? p : Object.values(p as object)[0])).join('');
    expect(words(battle.story)).toBe("red's army attacked cly, held by blue's army; each side lost its single army; no one was left standing.");
    expect(battle.dice.map(words)).toEqual(['Round 1: one unit against one, so no die could decide it: each side lost its single unit.']);
  });
});
