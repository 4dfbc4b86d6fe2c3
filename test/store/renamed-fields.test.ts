// Stored values from before the message id's field was renamed (mailId -> messageId) still read.
import { describe, expect, it } from 'vitest';
import { decodeOrders } from '../../src/store/stored-orders.ts';
import { withMessageId } from '../../src/store/renamed-fields.ts';

describe('values stored under the old name of the message id', () => {
  it('read with their message id under its new name', () => {
    expect(withMessageId({ gameId: 'g', mailId: 'abc' } as unknown as { gameId: string; messageId: string })).toEqual({ gameId: 'g', messageId: 'abc' });
    expect(withMessageId({ gameId: 'g', messageId: 'new' })).toEqual({ gameId: 'g', messageId: 'new' });
  });

  it('keep the sources of orders in force exported before the rename', () => {
    const old = JSON.stringify({
      orders: [{ kind: 'hold', unit: 'a' }],
      mails: ['abc'],
      sources: [{ mailId: 'abc', date: '2026-01-01', line: 1, text: 'A Par H' }],
    });
    expect(decodeOrders(old).sources).toEqual([{ messageId: 'abc', date: '2026-01-01', line: 1, text: 'A Par H' }]);
  });
});
