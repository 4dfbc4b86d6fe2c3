import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/store/outbox.ts';
import { OUTBOX_PAGE, outboxView } from '../../src/web/outbox-view.ts';

const entry = (key: string, minute: number, sent = true): OutboxEntry => ({
  key,
  from: 'game@adjutant.test',
  to: ['player1@adjutant.test'],
  subject: `[g] ${key}`,
  text: '',
  messageId: `<${key}@adjutant.test>`,
  recordedAt: new Date(Date.UTC(2026, 11, 1, 20, minute)).toISOString(),
  ...(sent && { sentAt: new Date(Date.UTC(2026, 11, 1, 20, minute, 30)).toISOString() }),
});

describe("the console's outbox", () => {
  const entries = Array.from({ length: OUTBOX_PAGE + 5 }, (_, i) => entry(`reply:m${i}`, i));

  it('pages the messages newest first, and keeps a page asked for out of range within the pages', () => {
    const first = outboxView(entries, {}, 1);
    expect([first.total, first.page, first.pages]).toEqual([OUTBOX_PAGE + 5, 1, 2]);
    expect(first.rows).toHaveLength(OUTBOX_PAGE);
    expect(first.rows[0].subject).toBe(`[g] reply:m${OUTBOX_PAGE + 4}`);
    const second = outboxView(entries, {}, 2);
    expect(second.rows.map((r) => r.subject)).toEqual([4, 3, 2, 1, 0].map((i) => `[g] reply:m${i}`));
    expect(outboxView(entries, {}, 99).page).toBe(2);
    expect(outboxView(entries, {}, 0).page).toBe(1);
    expect(outboxView([], {}, 1)).toEqual({ rows: [], total: 0, page: 1, pages: 1 });
  });

  it('says what each message is in words, and gives a key only for a refused one, to send it again', () => {
    const view = outboxView(
      [entry('report:step-3:red', 1), entry('remind:x:blue', 2, false), entry('alert:store-outage:1', 3, false)],
      { 'alert:store-outage:1': { error: '550 no such user' } },
      1,
    );
    expect(view.rows.map((r) => [r.kind, r.state])).toEqual([
      ['Alert to you', 'refused'],
      ['Deadline reminder', 'waiting'],
      ['Turn report', 'sent'],
    ]);
    expect(view.rows[0].failed).toEqual({ error: '550 no such user', key: 'alert:store-outage:1' });
    expect(view.rows.slice(1).map((r) => r.failed)).toEqual([undefined, undefined]);
  });
});
