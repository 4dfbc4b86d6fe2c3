// The corpus: real-world-shaped raw emails (Gmail, Outlook, Apple Mail, Thunderbird, Yahoo;
// replies, forwards, HTML-only, base64, quoted-printable, odd charsets, robots), each run through
// processMail against a fresh board NES game with the real parser, and checked against
// corpus/index.yaml.
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTickets } from '../../src/messages/tickets.ts';
import { requireServices } from '../support/services.ts';
import { mailTestGame } from './support/mail-game.ts';

interface Expected {
  style: string;
  outcome: string;
  code?: string;
  nation?: string;
  role?: string;
  accepted?: number;
  rejected?: number;
  waiting?: number;
  inForce?: Record<string, number>;
  reply?: string[];
  noReply?: boolean;
  tickets?: number;
}

const DIR = new URL('./corpus/', import.meta.url);
const FIXTURE = new URL('./fixtures/board-nes/', import.meta.url);
const index = parse(readFileSync(new URL('index.yaml', DIR), 'utf8')) as Record<string, Expected>;
const emails = readdirSync(DIR)
  .filter((n) => n.endsWith('.eml'))
  .sort();
const files = { 'game.yaml': readFileSync(new URL('game.yaml', FIXTURE), 'utf8'), 'map.yaml': readFileSync(new URL('map.yaml', FIXTURE), 'utf8') };
const SECRETS = /ruby-falcon|azure-otter|jade-lynx|grey-heron/i;

beforeAll(async () => {
  await requireServices(['redis']);
});

describe('mail corpus', () => {
  it('has an expectation for every email and an email for every expectation, at least 30', () => {
    expect(Object.keys(index).sort()).toEqual(emails);
    expect(emails.length).toBeGreaterThanOrEqual(30);
  });

  it.each(emails)('%s', async (name) => {
    const want = index[name];
    const game = await mailTestGame({ files });
    game.deps.parse = undefined; // the project's own parser
    try {
      const result = await game.receive(readFileSync(new URL(name, DIR)));
      expect(result.outcome, want.style).toBe(want.outcome);
      if (want.code) expect(result.code).toBe(want.code);
      if (want.nation) expect(result.nation).toBe(want.nation);
      if (want.role) expect(result.role).toBe(want.role);
      for (const field of ['accepted', 'rejected', 'waiting'] as const) {
        if (want[field] !== undefined) expect(result.counts?.[field], field).toBe(want[field]);
      }
      if (want.inForce) {
        const inForce = await game.store.ordersInForce(game.id);
        expect(Object.fromEntries(Object.entries(inForce).map(([n, o]) => [n, o.orders.length]))).toEqual(want.inForce);
      }
      if (want.noReply) expect(result.replies).toEqual([]);
      else expect(result.replies.length).toBeGreaterThan(0);
      const texts = result.replies.map((r) => `${r.subject}\n${r.text}`).join('\n');
      for (const words of want.reply ?? []) expect(texts).toContain(words);
      expect(texts).not.toMatch(SECRETS);
      if (want.tickets !== undefined) expect(await openTickets(game.store, game.id)).toHaveLength(want.tickets);
    } finally {
      await game.close();
    }
  });
});
