// One raw email, read into the fields the mail loop decides on. Reading never throws: malformed
// MIME still gives a sender, a subject and whatever text could be found, so every email gets an
// outcome.
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { htmlToText, visibleHtml } from '../../orders/html-text.ts';
import { cutParts } from './cut-parts.ts';
import { MAX_SUBJECT, MAX_TEXT } from '../../messages/incoming-message.ts';
import { MAX_HTML } from '../../orders/html-text.ts';

export interface IncomingMail {
  /** The From address, lower-cased; null when there is none, or several. */
  from: string | null;
  fromName: string;
  /** To, Cc and Delivered-To addresses, lower-cased. */
  recipients: string[];
  subject: string;
  /** The Date header, when it parses. */
  date: Date | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /** The readable text: the text part, or the HTML part turned into text. At most MAX_TEXT. */
  text: string;
  htmlOnly: boolean;
  truncated: boolean;
  /** Named only: their bodies are never read (cut-parts.ts). */
  attachments: Array<{ filename: string; contentType: string }>;
  /** Header name (lower case) -> raw values, for loop and bounce detection. */
  headers: Record<string, string[]>;
  /** The MIME could not be parsed; the text is the raw body as found. */
  malformed: boolean;
}

export async function readMail(raw: Buffer): Promise<IncomingMail> {
  let parsed: ParsedMail;
  let textCut: boolean;
  try {
    const cut = await cutParts(raw);
    textCut = cut.textCut;
    parsed = await simpleParser(cut.raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true });
  } catch {
    return fallback(raw);
  }
  const headers = headerLines(parsed);
  const from = addresses(parsed.from);
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  // With skipHtmlToText, `text` holds only real text parts; HTML is turned into text here, once.
  const htmlOnly = !(parsed.text ?? '').trim() && html.length > 0;
  const shown = htmlOnly ? visibleHtml(html, MAX_HTML + 1) : '';
  const full = htmlOnly ? htmlToText(shown.slice(0, MAX_HTML)) : (parsed.text ?? '');
  return {
    from: from.length === 1 ? from[0].address : null,
    fromName: from.length === 1 ? from[0].name : '',
    recipients: [
      ...new Set(
        [...addresses(parsed.to), ...addresses(parsed.cc), ...(headers['delivered-to'] ?? []).map(bare), ...(headers['x-original-to'] ?? []).map(bare)].map(
          (a) => (typeof a === 'string' ? a : a.address),
        ),
      ),
    ],
    subject: oneLine(parsed.subject ?? ''),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) && headers.date ? parsed.date : null,
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references: typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? []),
    text: clip(full),
    htmlOnly,
    truncated: textCut || full.length > MAX_TEXT || shown.length > MAX_HTML,
    attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '(unnamed)', contentType: a.contentType })),
    headers,
    malformed: false,
  };
}

function oneLine(subject: string): string {
  return subject.slice(0, MAX_SUBJECT).replace(/\s+/g, ' ').trim();
}

function clip(text: string): string {
  const clean = text.replace(/\r\n?/g, '\n').replace(/\u00a0/g, ' ');
  return clean.length > MAX_TEXT ? clean.slice(0, clean.lastIndexOf('\n', MAX_TEXT) + 1 || MAX_TEXT) : clean;
}

function addresses(field: AddressObject | AddressObject[] | undefined): Array<{ address: string; name: string }> {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  const flat = list.flatMap((f) => f.value).flatMap((v) => (v.group ? v.group : [v]));
  return flat.filter((v) => v.address).map((v) => ({ address: v.address!.toLowerCase(), name: v.name ?? '' }));
}

function bare(value: string): string {
  return value
    .replace(/^.*<([^>]+)>.*$/, '$1')
    .trim()
    .toLowerCase();
}

function headerLines(parsed: ParsedMail): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    (out[key.toLowerCase()] ??= []).push(value);
  }
  return out;
}

// Bytes that are not MIME at all: headers as far as they go, the rest as Latin-1 text.
function fallback(raw: Buffer): IncomingMail {
  const text = raw.toString('latin1');
  const split = text.search(/\r?\n\r?\n/);
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split).trim();
  const headers: Record<string, string[]> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const m = /^([\w-]+):\s*(.*)$/.exec(line);
    if (m) (headers[m[1].toLowerCase()] ??= []).push(m[2]);
  }
  const from = headers.from?.[0] ? bare(headers.from[0]) : null;
  return {
    from: from && from.includes('@') ? from : null,
    fromName: '',
    recipients: [...(headers.to ?? []), ...(headers.cc ?? [])].flatMap((v) => v.split(',')).map(bare),
    subject: oneLine(headers.subject?.[0] ?? ''),
    date: null,
    messageId: headers['message-id']?.[0] ?? null,
    inReplyTo: headers['in-reply-to']?.[0] ?? null,
    references: (headers.references?.[0] ?? '').split(/\s+/).filter(Boolean),
    text: clip(body),
    htmlOnly: false,
    truncated: body.length > MAX_TEXT,
    attachments: [],
    headers,
    malformed: true,
  };
}

/**
 * What makes two copies of one email the same email: its Message-ID, or for mail without one,
 * the sender and the body (headers a server adds on the way differ between copies).
 */
export function dedupeKey(raw: Buffer): string {
  const split = raw.indexOf('\r\n\r\n') !== -1 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = (split === -1 ? raw : raw.subarray(0, split)).toString('latin1').replace(/\r?\n[ \t]+/g, ' ');
  const id = /^message-id:\s*(\S+)/im.exec(head)?.[1];
  if (id) return `id:${id.toLowerCase()}`;
  const from = /^from:\s*(.*)$/im.exec(head)?.[1]?.trim().toLowerCase() ?? '';
  const body = split === -1 ? Buffer.alloc(0) : raw.subarray(split);
  return `body:${createHash('sha256').update(from).update('\n').update(body).digest('hex')}`;
}
