// An email's body, its HTML, its subject and its sender's name are player input of any length:
// each costs time in proportion to the part of it that is read, never to its square, and never
// holds the event loop more than 50 ms. Emails of 1 MB built to make a scanner retry, or mailparser
// decode a whole part at once, go through the mail loop as the service runs it (stored, read, the
// sender checked, commands and orders read by the real parser in slices, committed), against the
// real Redis. Each is kept whole all the same.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { MessageResult } from '../../src/messages/message-ledger.ts';
import { parseMessageInSlices } from '../../src/orders/parse-message.ts';
import { leastCost } from '../support/bounded-cost.ts';
import { requireServices } from '../support/services.ts';
import { mailTestGame, rawMail, type MailTestGame } from './support/mail-game.ts';

const MB = 1024 * 1024;
/** The whole mail loop for a 1 MB email: tens of ms when bounded, seconds when not. */
const BOUNDS = { ms: 3000, blockedMs: 50 };
const fill = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const SIGNED = 'ruby-falcon\nclaim nor\n';

const EMAILS: Record<string, Mail.Options> = {
  'a body of ORDERS lines never ended': { text: SIGNED + fill('orders\n') },
  'a body of ORDERS ... END blocks': { text: SIGNED + fill('orders\nend\n') },
  'a body of quoted lines': { text: SIGNED + fill('> \n') },
  'a body of reply headers': { text: SIGNED + fill('On Mon, Bob wrote:\n') },
  'a body of one line without spaces': { text: SIGNED + fill('x') },
  'a body of a word and spaces': { text: SIGNED + 'abc123' + fill(' ') + 'x' },
  'a body of PRESS lines': { text: 'ruby-falcon\n' + fill('PRESS TO all\n') },
  'sixteen text parts of quoted lines': {
    text: SIGNED,
    attachments: Array.from({ length: 16 }, () => ({ content: fill('> \n', MB / 16), contentType: 'text/plain', contentDisposition: 'inline' as const })),
  },
  'HTML of unclosed divs': { html: `<p>ruby-falcon</p><p>claim nor</p>${fill('<div>')}` },
  'HTML of unclosed list items': { html: `<p>ruby-falcon</p><p>claim nor</p>${fill('<ul><li>a')}` },
  'HTML of line breaks': { html: `<p>ruby-falcon</p><p>claim nor</p>${fill('<br>')}` },
  'HTML of quotes': { html: `<p>ruby-falcon</p><p>claim nor</p>${fill('<blockquote>')}` },
  'HTML of a style never closed': { html: `<p>ruby-falcon</p><p>claim nor</p><style>${fill('p{}')}` },
  'a subject of spaces': { subject: `secret: ${fill(' ')}x`, text: SIGNED },
  'a subject of one long word': { subject: `${fill('a')} b`, text: SIGNED },
  "a sender's name of 1 MB": { from: { name: fill('Alice '), address: 'player1@adjutant.test' }, text: SIGNED },
};

/** Bodies no mail program writes, with their headers: quoted-printable lines far over 76 characters. */
const RAW_BODIES: Record<string, string> = {
  'quoted-printable lines of 1000 spaces and tabs': `ruby-falcon\r\nclaim nor\r\n${fill(`${' \t'.repeat(500)}x\r\n`)}`,
};

const qpMail = (body: string, i: number) =>
  Buffer.from(
    `From: player1@adjutant.test\r\nTo: game@adjutant.test\r\nSubject: orders\r\nMessage-ID: <bounded-${i}@adjutant.test>\r\n` +
      `Date: Sun, 30 Dec 2029 11:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${body}`,
  );

let game: MailTestGame | undefined;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
  game = undefined;
});

async function expectBounded(kind: string, raws: Buffer[]): Promise<void> {
  game = await mailTestGame();
  game.deps.parse = parseMessageInSlices;
  const g = game;
  const results: MessageResult[] = [];
  const cost = await leastCost(async (attempt) => results.push(await g.receive(raws[attempt])), BOUNDS);
  expect(results[0].outcome).toBe(kind.includes('PRESS') ? 'commands' : 'orders');
  expect((await g.store.mail(g.id, results[0].messageId))?.equals(raws[0])).toBe(true);
  if (/body|parts|HTML/.test(kind) && !kind.includes('PRESS')) expect(results[0].replies[0].text).toContain('only its first 16 KB were read');
  expect(cost.ms).toBeLessThan(BOUNDS.ms);
  expect(cost.blockedMs).toBeLessThan(BOUNDS.blockedMs);
}

describe('a 1 MB email', () => {
  for (const [kind, options] of Object.entries(EMAILS)) {
    it(`with ${kind} is kept whole and read in bounded time, never holding the event loop`, async () => {
      await expectBounded(
        kind,
        await Promise.all(
          [0, 1, 2, 3, 4].map((i) => rawMail({ from: 'player1@adjutant.test', subject: 'orders', messageId: `<bounded-${i}@adjutant.test>`, ...options })),
        ),
      );
    });
  }
  for (const [kind, body] of Object.entries(RAW_BODIES)) {
    it(`with ${kind} is kept whole and read in bounded time, never holding the event loop`, async () => {
      await expectBounded(
        kind,
        [0, 1, 2, 3, 4].map((i) => qpMail(body, i)),
      );
    });
  }
});
