// Stored values from before a field was renamed still read: the message id (mailId -> messageId),
// a private answer's route (a forum member's name -> a reply route on the forum channel) and a result's posts (forumMessages -> posts).
import { describe, expect, it } from 'vitest';
import { decodeOrders } from '../../src/store/stored-orders.ts';
import { renamedResult, renamedTicket, withMessageId } from '../../src/store/renamed-fields.ts';

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

describe('values stored when a private answer went to a forum member by name', () => {
  it('read as reply routes on the forum channel', () => {
    const route = { channel: 'forum', to: 'Alice' };
    expect(renamedTicket({ token: 'T-AAAAAA', messageId: 'm', playerForum: 'Alice' } as { token: string; messageId: string })).toEqual({
      token: 'T-AAAAAA',
      messageId: 'm',
      playerRoute: route,
    });
    const pending = { key: 'reply:m', forumTo: 'Alice' };
    expect(renamedResult({ mailId: 'm', pending } as unknown as { messageId: string; pending: object })).toEqual({
      messageId: 'm',
      pending: { key: 'reply:m', route },
    });
    expect(renamedTicket({ messageId: 'm', playerRoute: route })).toEqual({ messageId: 'm', playerRoute: route });
  });
});

describe('results stored when their posts and private messages were "forumMessages"', () => {
  it('read them as posts', () => {
    const posts = [{ kind: 'private', key: 'reply:m', to: ['Alice'], title: 'Re: orders', text: 'ok' }];
    expect(renamedResult({ messageId: 'm', forumMessages: posts } as unknown as { messageId: string })).toEqual({ messageId: 'm', posts });
    expect(renamedResult({ messageId: 'm', posts })).toEqual({ messageId: 'm', posts });
  });
});
