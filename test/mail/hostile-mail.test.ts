// Mail that is broken, automatic, repeated or flooding: each gets a clear outcome, none loops,
// and nothing in the game is lost or changed by it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireServices } from '../support/services.ts';
import { gameFiles, mailTestGame, rawMail, type MailTestGame } from './support/mail-game.ts';

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

const orders = 'ruby-falcon\nclaim nor';

describe('hostile and broken mail', () => {
  it.each([
    ['an out-of-office reply', { 'Auto-Submitted': 'auto-replied' }],
    ['a message with X-Loop', { 'X-Loop': 'someone@example.com' }],
    ['bulk mail', { Precedence: 'bulk' }],
    ['a mailing list post', { 'List-Id': '<games.example.com>' }],
  ])('never answers %s, and applies nothing from it', async (_what, headers) => {
    game = await mailTestGame();
    const result = await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'Re: orders', text: orders, headers }));
    expect(result).toMatchObject({ outcome: 'automatic', replies: [] });
    expect(await game.store.ordersInForce(game.id)).toEqual({});
  });

  it('never answers a bounce from the mailer daemon', async () => {
    game = await mailTestGame();
    const result = await game.receive(
      await rawMail({ from: 'MAILER-DAEMON@mx.example.com', subject: 'Undelivered Mail Returned to Sender', text: 'The mail system could not deliver...' }),
    );
    expect(result).toMatchObject({ outcome: 'automatic', replies: [] });
  });

  it('answers the same email sent 50 times once', async () => {
    game = await mailTestGame();
    const raw = await rawMail({ from: 'player1@adjutant.test', subject: 'orders', text: orders, messageId: '<same-every-time@example.com>' });
    const copies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => game.receive(Buffer.concat([Buffer.from(`Received: from relay${i}.example.com\r\n`), raw]))),
    );
    expect(copies.filter((r) => r.outcome === 'orders')).toHaveLength(1);
    expect(copies.filter((r) => r.outcome === 'duplicate')).toHaveLength(49);
    expect(await game.outbox.pending(game.id)).toHaveLength(1);
  });

  it('treats resends without a Message-ID as copies when sender and body match', async () => {
    game = await mailTestGame();
    const first = await game.receive(
      Buffer.from(`From: player1@adjutant.test\r\nSubject: orders\r\nDate: Mon, 30 Dec 2029 10:00:00 +0000\r\n\r\n${orders}\r\n`),
    );
    const again = await game.receive(
      Buffer.from(`From: player1@adjutant.test\r\nSubject: orders (resent)\r\nDate: Mon, 30 Dec 2029 10:02:00 +0000\r\n\r\n${orders}\r\n`),
    );
    expect([first.outcome, again.outcome]).toEqual(['orders', 'duplicate']);
  });

  it('rate-limits a flood from one sender with a single notice, keeping every email', async () => {
    game = await mailTestGame({ files: gameFiles('claims', { 'mail.rateLimit': { count: 5, per: '1h' } }) });
    const results = [];
    for (let i = 0; i < 12; i++)
      results.push(
        await game.receive(
          await rawMail({ from: 'player1@adjutant.test', subject: `flood ${i}`, text: `${orders}\nclaim mid ${i}` }),
          new Date(Date.UTC(2029, 11, 30, 11, 0, i)),
        ),
      );
    expect(results.slice(0, 5).every((r) => r.outcome === 'orders')).toBe(true);
    expect(results.slice(5).map((r) => r.outcome)).toEqual(Array(7).fill('rate-limited'));
    expect(results.slice(5).filter((r) => r.replies.length)).toHaveLength(1);
    expect(results[5].replies[0].text).toContain('stopped reading them for a while');
    expect((await game.store.allMail(game.id)).size).toBe(12);
  });

  it('reads an HTML-only email, and ignores attachments with a note', async () => {
    game = await mailTestGame();
    const html = await game.receive(
      await rawMail({
        from: 'player1@adjutant.test',
        subject: 'orders',
        html: '<div>ruby-falcon</div><div>claim <b>sou</b></div><blockquote>claim nor</blockquote>',
      }),
    );
    expect(html.counts).toEqual({ accepted: 1, rejected: 0, waiting: 0 });
    expect((await game.store.ordersInForce(game.id)).red.orders).toEqual([{ kind: 'claim', province: 'sou' }]);
    const attached = await game.receive(
      await rawMail({ from: 'player1@adjutant.test', subject: 'orders', text: orders, attachments: [{ filename: 'map.png', content: Buffer.alloc(2000, 1) }] }),
    );
    expect(attached.replies[0].text).toContain('Attachments are not read (map.png)');
  });

  it('reads orders above a 1 MB attachment whole, naming every attachment, without calling the email cut', async () => {
    game = await mailTestGame();
    const attachments = [
      { filename: 'map.png', content: Buffer.alloc(1024 * 1024, 1) },
      { filename: 'notes.txt', content: 'no orders here\n' },
    ];
    const result = await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'orders', text: orders, attachments }));
    expect(result.outcome).toBe('orders');
    expect(result.replies[0].text).toContain('Attachments are not read (map.png, notes.txt)');
    expect(result.replies[0].text).not.toContain('were read');
    expect((await game.store.mail(game.id, result.messageId))!.length).toBeGreaterThan(1024 * 1024);
  });

  it('handles a 10 MB body: kept whole, only the start read', async () => {
    game = await mailTestGame();
    const big = `${orders}\n${'x'.repeat(99)}\n`.padEnd(10 * 1024 * 1024, 'filler line of no orders\n');
    const result = await game.receive(await rawMail({ from: 'player1@adjutant.test', subject: 'orders', text: big }));
    expect(result.outcome).toBe('orders');
    expect(result.replies[0].text).toContain('only its first 16 KB were read');
    expect((await game.store.mail(game.id, result.messageId))!.length).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('still answers malformed MIME', async () => {
    game = await mailTestGame();
    const raw = Buffer.from(
      'From: player1@adjutant.test\r\nSubject: orders\r\nContent-Type: multipart/mixed; boundary="never-closed"\r\n\r\n--never-closed\r\nContent-Type: text/plain; charset=x-unknown-charset\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%not base64%%%\r\n',
    );
    const result = await game.receive(raw);
    expect(['refused', 'orders']).toContain(result.outcome);
    expect(result.replies).toHaveLength(1);
    expect(await game.store.ordersInForce(game.id)).toEqual({});
  });

  it('refuses mail with no usable sender, without answering anyone', async () => {
    game = await mailTestGame();
    const result = await game.receive(Buffer.from(`Subject: orders\r\n\r\n${orders}\r\n`));
    expect(result).toMatchObject({ outcome: 'refused', code: 'NO_SENDER', replies: [] });
  });
});
