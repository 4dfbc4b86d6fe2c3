// The resubmission rules as pure functions: replace what a new email names, or all with
// REPLACE ALL, and let the later Date: win.
import { describe, expect, it } from 'vitest';
import { mergeOrders as mergeWith, type NationOrders } from '../../src/messages/orders-in-force.ts';
import { rulesets } from '../../src/rulesets/index.ts';

// The resubmission rules with board NES's idea of what an order is about.
const subjectOf = rulesets.get('board-nes').orderSubject;
const mergeOrders = (current: NationOrders, incoming: Parameters<typeof mergeWith>[2]) => mergeWith(subjectOf, current, incoming);

const claim = (province: string) => ({ kind: 'claim', province });
const from = (messageId: string, date: string) => ({ messageId, date });

function current(): NationOrders {
  return {
    orders: [claim('nor'), claim('mid'), { kind: 'tax' }],
    sources: [from('a', '2030-01-01T10:00'), from('a', '2030-01-01T10:00'), from('b', '2030-01-01T12:00')],
  };
}

describe('orders in force', () => {
  it('keys unit orders by their province, and other orders by kind, place and nation', () => {
    expect(subjectOf({ kind: 'move', unitType: 'army', province: 'par', target: 'bur' })).toBe(subjectOf({ kind: 'hold', unitType: 'army', province: 'par' }));
    expect(subjectOf({ kind: 'buy-unit', unitType: 'army', province: 'par' })).not.toBe(
      subjectOf({ kind: 'move', unitType: 'army', province: 'par', target: 'bur' }),
    );
    expect(subjectOf({ kind: 'caravan', nation: 'blue', count: 3 })).not.toBe(subjectOf({ kind: 'caravan', nation: 'green', count: 3 }));
    expect(subjectOf({ kind: 'disband', unit: 'a3' })).toBe('unit@a3');
    expect(subjectOf({ kind: 'tax' })).toBe(subjectOf({ kind: 'tax' }));
  });

  it('replaces only what the new email names', () => {
    const { next, outdated } = mergeOrders(current(), {
      orders: [claim('mid'), claim('sou')],
      sources: [from('c', '2030-01-01T13:00'), from('c', '2030-01-01T13:00')],
      replaceAll: false,
      date: '2030-01-01T13:00',
    });
    expect(next.orders).toEqual([claim('nor'), { kind: 'tax' }, claim('mid'), claim('sou')]);
    expect(outdated).toEqual([]);
  });

  it('replaces everything older with REPLACE ALL, but keeps what a newer email said', () => {
    const { next, outdated } = mergeOrders(current(), {
      orders: [{ kind: 'tax' }, claim('sou')],
      sources: [from('c', '2030-01-01T11:00'), from('c', '2030-01-01T11:00')],
      replaceAll: true,
      date: '2030-01-01T11:00',
    });
    expect(next.orders).toEqual([{ kind: 'tax' }, claim('sou')]);
    expect(next.sources.map((s) => s.messageId)).toEqual(['b', 'c']);
    expect(outdated.map((o) => o.order)).toEqual([{ kind: 'tax' }]);
  });
});
