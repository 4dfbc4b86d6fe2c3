// What mailparser is given of an email: each text part's body cut to MAX_PART (MAX_READ in all),
// attachments' bodies left out, long runs of spaces in quoted-printable broken by soft line
// breaks; the text read is the same as before for every email of the corpus and for any part
// under the cut, and an attachment left out is no text cut, and still named.
import { readdirSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { breakSpaceRuns, cutParts, MAX_PART } from '../../src/channels/email/cut-parts.ts';
import { readMail } from '../../src/channels/email/read-mail.ts';
import { MAX_TEXT } from '../../src/messages/incoming-message.ts';
import { rawMail } from './support/mail-game.ts';

const CORPUS = new URL('./corpus/', import.meta.url);

const qpMail = (body: string) =>
  Buffer.from(
    'From: player1@adjutant.test\r\nSubject: orders\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n' +
      `Content-Transfer-Encoding: quoted-printable\r\n\r\n${body}`,
  );

describe('cutting an email into what is read', () => {
  it('gives mailparser the same text, HTML and attachment names of every email of the corpus', async () => {
    const names = readdirSync(CORPUS).filter((f) => f.endsWith('.eml'));
    expect(names.length).toBeGreaterThan(30);
    const read = async (raw: Buffer) => {
      const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
      return { text: parsed.text, html: parsed.html, attachments: parsed.attachments.map((a) => [a.filename, a.contentType]) };
    };
    for (const name of names) {
      const raw = readFileSync(new URL(name, CORPUS));
      const cut = await cutParts(raw);
      expect(cut.textCut, name).toBe(false);
      expect(await read(cut.raw), name).toEqual(await read(raw));
    }
  });

  it('reads a text part longer than the cut up to it, after a whole line, and says so', async () => {
    const text = `ruby-falcon\nclaim nor\n${'claim mid, then a line of no orders at all\n'.repeat(MAX_PART / 32)}`;
    const raw = await rawMail({ from: 'player1@adjutant.test', text });
    expect((await cutParts(raw)).textCut).toBe(true);
    const mail = await readMail(raw);
    expect(mail.truncated).toBe(true);
    expect(mail.text.startsWith('ruby-falcon\nclaim nor\nclaim mid')).toBe(true);
    expect(mail.text.length).toBeLessThanOrEqual(MAX_TEXT);
    expect(mail.text.endsWith('at all\n')).toBe(true);
  });

  it('reads the text whole past attachments longer than the cut, naming each of them', async () => {
    const text = `ruby-falcon\nclaim nor\n${'a line of press\n'.repeat(500)}`;
    const attachments = [
      { filename: 'map.png', content: Buffer.alloc(4 * MAX_PART, 7) },
      { filename: 'notes.txt', content: 'x '.repeat(MAX_PART) },
      { filename: 'last.pdf', content: Buffer.alloc(100, 1) },
    ];
    const raw = await rawMail({ from: 'player1@adjutant.test', text, attachments });
    const cut = await cutParts(raw);
    expect(cut.textCut).toBe(false);
    expect(cut.raw.length).toBeLessThan(raw.length / 2);
    const mail = await readMail(raw);
    expect(mail).toMatchObject({ text, truncated: false });
    expect(mail.attachments.map((a) => a.filename)).toEqual(['map.png', 'notes.txt', 'last.pdf']);
  });

  it('decodes quoted-printable with long runs of spaces and tabs as it would whole', async () => {
    const run = ' \t'.repeat(40);
    const body = `ruby-falcon\r\nclaim${run}nor\r\n${run}=3D${run}=\r\nsoft${run}\r\nend`;
    expect(breakSpaceRuns(Buffer.from(body, 'latin1')).toString('latin1')).not.toBe(body);
    expect((await readMail(qpMail(body))).text).toBe(`ruby-falcon\nclaim${run}nor\n${run}=${run}soft\nend`);
  });
});
