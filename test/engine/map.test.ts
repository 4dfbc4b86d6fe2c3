import { describe, expect, it } from 'vitest';
import { MapBuilder, MapError } from '../../src/engine/index.ts';

const map = new MapBuilder()
  .coastal('spa', 'Spain', { coasts: ['nc', 'sc'] })
  .coastal('por', 'Portugal')
  .land('mad', 'Madrid')
  .sea('mao', 'Mid-Atlantic Ocean')
  .sea('wes', 'Western Mediterranean')
  .border('spa', 'por', ['army'])
  .border('spa/nc', 'por', ['fleet'])
  .border('spa/sc', 'wes')
  .border('spa/nc', 'mao')
  .border('spa/sc', 'mao')
  .border('spa', 'mad')
  .border('por', 'mao')
  .build();

describe('map graph', () => {
  it('keeps adjacency per unit type', () => {
    expect(map.adjacent('spa', 'mad', 'army')).toBe(true);
    expect(map.adjacent('spa', 'mad', 'fleet')).toBe(false);
    expect(map.adjacent('por', 'mao', 'fleet')).toBe(true);
    expect(map.adjacent('por', 'mao', 'army')).toBe(false);
  });

  it("lets a fleet on a named coast reach only that coast's neighbours", () => {
    expect(map.adjacent({ province: 'spa', coast: 'sc' }, 'wes', 'fleet')).toBe(true);
    expect(map.adjacent({ province: 'spa', coast: 'nc' }, 'wes', 'fleet')).toBe(false);
    expect(map.adjacent('wes', { province: 'spa', coast: 'nc' }, 'fleet')).toBe(false);
    expect(map.adjacent('wes', { province: 'spa', coast: 'sc' }, 'fleet')).toBe(true);
    expect(
      map
        .neighbours('spa', 'fleet')
        .map((p) => p.province)
        .sort(),
    ).toEqual(['mao', 'mao', 'por', 'wes']);
  });

  it('knows every touching province whatever the unit', () => {
    expect([...map.touches('spa')].sort()).toEqual(['mad', 'mao', 'por', 'wes']);
  });

  it('says which province is missing', () => {
    expect(() => map.province('xyz')).toThrow(MapError);
    expect(() => new MapBuilder().land('a').border('a', 'b')).toThrow(/"b", which is not a province/);
  });

  it('defaults border unit types from province kinds', () => {
    const m = new MapBuilder().land('a').coastal('b').coastal('c').sea('s').border('a', 'b').border('b', 'c').border('c', 's').build();
    expect(m.adjacent('a', 'b', 'army')).toBe(true);
    expect(m.adjacent('a', 'b', 'fleet')).toBe(false);
    expect(m.adjacent('b', 'c', 'fleet')).toBe(true);
    expect(m.adjacent('c', 's', 'fleet')).toBe(true);
    expect(m.adjacent('c', 's', 'army')).toBe(false);
  });
});
