import { describe, expect, it } from 'vitest';
import { MapBuilder } from '../../src/engine/index.ts';
import { editDistance, typoAllowance } from '../../src/orders/edit-distance.ts';
import { NameIndex, NameResolver, nationNames, normalizeName, provinceNames } from '../../src/orders/names.ts';

const map = new MapBuilder()
  .coastal('lon', 'London', { aliases: ['Londinium'] })
  .coastal('wal', 'Wales')
  .coastal('stp', 'St. Petersburg', { aliases: ['Saint Petersburg'] })
  .sea('nth', 'North Sea')
  .coastal('nap', 'Naples')
  .land('boh', 'Bohemia')
  .land('sao', 'São Paulo')
  .build();

const ids = (found: Array<{ id: string }>) => found.map((c) => c.id).sort();

describe('normalizeName', () => {
  it('ignores case, accents, dots, spaces, hyphens and apostrophes', () => {
    expect(normalizeName('St. Petersburg')).toBe('stpetersburg');
    expect(normalizeName('SÃO  PAULO')).toBe('saopaulo');
    expect(normalizeName("Mid-Atlantic Queen's")).toBe('midatlanticqueens');
    expect(normalizeName('par')).toBe('par');
  });
});

describe('editDistance', () => {
  it('counts a swap of two neighbouring letters as one slip', () => {
    expect(editDistance('wlaes', 'wales')).toBe(1);
    expect(editDistance('paris', 'pairs')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops early past its limit', () => {
    expect(editDistance('london', 'xxxxxxxx', 2)).toBe(3);
    expect(editDistance('abc', 'abcdefgh', 1)).toBe(2);
  });

  it('forgives no slip in three letters, one up to seven, two beyond', () => {
    expect([3, 4, 7, 8, 20].map(typoAllowance)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('the province name index', () => {
  const index = provinceNames(map);

  it('is built once per map', () => {
    expect(provinceNames(map)).toBe(index);
    expect(provinceNames(new MapBuilder().land('a1', 'A').build())).not.toBe(index);
  });

  it('knows a province by id, name and alias', () => {
    for (const written of ['lon', 'London', 'LONDON', 'Londinium']) expect(ids(index.lookupExact(normalizeName(written)))).toEqual(['lon']);
    expect(ids(index.lookupExact(normalizeName('Saint Petersburg'), 2))).toEqual(['stp']);
    expect(ids(index.lookupExact(normalizeName('sao paulo'), 2))).toEqual(['sao']);
  });

  it('lets several words match only a name of several words', () => {
    expect(index.lookupExact(normalizeName('Wa les'), 2)).toEqual([]);
    expect(ids(index.lookupExact(normalizeName('North Sea'), 2))).toEqual(['nth']);
  });

  it('forgives slips by the length of the name', () => {
    expect(ids(index.lookupFuzzy('londn', 1))).toEqual(['lon']); // London: 6 letters, one slip
    expect(ids(index.lookupFuzzy('bhoemia', 1))).toEqual(['boh']); // a swap is one slip
    expect(index.lookupFuzzy('lnodn', 1)).toEqual([]); // two slips in a short name
    expect(ids(index.lookupFuzzy('stpetrsbrg', 1))).toEqual(['stp']); // two slips in a long one
    expect(index.lookupFuzzy('lom', 1)).toEqual([]); // codes of three letters are exact
    expect(index.lookupFuzzy('nrthsea', 1).map((c) => [c.id, c.distance])).toEqual([['nth', 1]]);
  });

  it('returns every name equally near', () => {
    expect(ids(index.lookupFuzzy('nales', 1))).toEqual(['nap', 'wal']);
  });

  it('suggests the nearest names beyond the allowance', () => {
    expect(index.suggest('wxlss', new Set(['province'])).map((s) => s.name)).toContain('Wales');
  });
});

describe('resolving provinces and nations together', () => {
  const nations = { red: { id: 'red', name: 'Redmark' }, wales: { id: 'wales', name: 'Kingdom of Wales' } };

  it('builds the nation index once per nations record', () => {
    expect(nationNames(nations)).toBe(nationNames(nations));
  });

  it('returns both a province and a nation of the same name, for the grammar to choose', () => {
    const resolver = new NameResolver([provinceNames(map), nationNames(nations)], true);
    expect(
      resolver
        .exact('wales', 1)
        .map((c) => `${c.kind}:${c.id}`)
        .sort(),
    ).toEqual(['nation:wales', 'province:wal']);
    expect(resolver.exact('redmark', 1).map((c) => c.id)).toEqual(['red']);
    expect(resolver.isPrefix('redm')).toBe(true);
    expect(resolver.isPrefix('zz')).toBe(false);
  });

  it('keeps the best of the fuzzy matches across indexes', () => {
    const resolver = new NameResolver([provinceNames(map), new NameIndex([{ kind: 'nation', id: 'x', name: 'Londonia', aliases: [] }])]);
    expect(resolver.fuzzy('londen', 1).map((c) => c.id)).toEqual(['lon']);
  });
});

describe('names players abbreviate', () => {
  const seas = new MapBuilder()
    .sea('mao', 'Mid-Atlantic Ocean')
    .sea('nth', 'North Sea')
    .sea('nwg', 'Norwegian Sea')
    .sea('eng', 'English Channel')
    .coastal('yor', 'Yorkshire')
    .coastal('que', 'Queensland')
    .coastal('qub', 'Quebec')
    .coastal('qun', 'Queens')
    .build();
  const index = provinceNames(seas);

  it('reads the beginning of a name word by word, and a longer name by its last word', () => {
    expect(ids(index.lookupPrefix(['mid', 'atl']))).toEqual(['mao']);
    expect(ids(index.lookupPrefix(['yorks']))).toEqual(['yor']);
    expect(ids(index.lookupPrefix(['n', 'sea']))).toEqual(['nth', 'nwg']);
    expect(ids(index.lookupPrefix(['channel']))).toEqual(['eng']);
  });

  it('never reads a beginning shorter than four letters', () => {
    expect(index.lookupPrefix(['yor'])).toEqual([]);
    expect(index.lookupPrefix(['n', 's'])).toEqual([]);
  });

  it('suggests the provinces a player holds first', () => {
    const resolver = new NameResolver([index]);
    expect(resolver.suggest('quen', new Set(['province']))).not.toEqual(['Queensland']);
    expect(resolver.suggest('quen', new Set(['province']), 3, (id) => id === 'que')[0]).toBe('Queensland');
  });
});

describe('nation demonyms', () => {
  const nations = nationNames({
    sco: { id: 'sco', name: 'Scotland' },
    ita: { id: 'ita', name: 'Italy' },
    rus: { id: 'rus', name: 'Russia' },
    red: { id: 'red', name: 'Redmark' },
  });

  it('knows a nation by what its people are called', () => {
    expect(ids(nations.lookupExact('scots'))).toEqual(['sco']);
    expect(ids(nations.lookupExact('italian'))).toEqual(['ita']);
    expect(ids(nations.lookupExact('italians'))).toEqual(['ita']);
    expect(ids(nations.lookupExact('russian'))).toEqual(['rus']);
    expect(ids(nations.lookupExact('reds'))).toEqual(['red']);
  });
});
