// The raw email as the reader hands it to mailparser: every part's headers whole; of a text or
// HTML part's body the first MAX_PART bytes, and MAX_READ in all; of an attachment's body nothing
// (it is never read, only named). mailparser decodes a quoted-printable part in one synchronous
// call (libqp), in time that grows with the part, and with the square of any run of spaces that
// does not end its line: a 1 MB email would hold the event loop for seconds, a 40 KB line of
// spaces for longer. The stored email is never changed: only what is read of it.
import { Readable, Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Joiner, Splitter, type MimeNode } from '@zone-eu/mailsplit';

/**
 * Of each text or HTML part's body, this much is read: four times the text read (read-mail.ts,
 * MAX_TEXT), so a part cut here still gives all the text that is read unless it is mostly
 * non-ASCII quoted-printable. Decoding it takes a few milliseconds (test/mail/bounded-input.test.ts).
 */
export const MAX_PART = 64 * 1024;

/** Of all the text and HTML parts together, this much is read. */
export const MAX_READ = 4 * MAX_PART;

/** Spaces in a quoted-printable line are broken by soft line breaks past this many, which decode to nothing. */
const SPACE_RUN = 16;

/** The parts mailparser reads as the email's text (the rest are attachments). */
const TEXT_TYPES = ['text/plain', 'text/html', 'message/delivery-status'];

export interface CutMail {
  /** The email to parse: the stored bytes themselves when no part needed cutting. */
  raw: Buffer;
  /** Of a text or HTML part (not an attachment), not all was read. */
  textCut: boolean;
}

/** Splits the raw email into its parts (mailsplit, giving the event loop turns) and joins it again, each part cut. */
export async function cutParts(raw: Buffer): Promise<CutMail> {
  const cutter = new PartCutter();
  const out: Buffer[] = [];
  await pipeline(
    Readable.from([raw]),
    new Splitter(),
    cutter,
    new Joiner(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    }),
  );
  return { raw: cutter.changed ? Buffer.concat(out) : raw, textCut: cutter.textCut };
}

interface Chunk {
  type: 'node' | 'body' | 'data';
  value?: Buffer;
  node?: MimeNode;
}

class PartCutter extends Transform {
  changed = false;
  textCut = false;
  private node: MimeNode | null = null;
  /** Bytes kept of the current part's body, and of all text parts' bodies. */
  private kept = 0;
  private textRead = 0;
  /** A quoted-printable body, held until the part ends so its runs of spaces are seen whole. */
  private held: Buffer[] = [];

  constructor() {
    super({ objectMode: true });
  }

  override _transform(chunk: Chunk, _encoding: BufferEncoding, done: TransformCallback): void {
    if (chunk.type !== 'body' || !this.node) {
      this.release();
      if (chunk.type === 'node') [this.node, this.kept] = [chunk as unknown as MimeNode, 0];
      this.push(chunk);
      return done();
    }
    const value = this.within(chunk.value ?? Buffer.alloc(0));
    if (this.node.encoding === 'quoted-printable') this.held.push(value);
    else this.push({ ...chunk, value });
    done();
  }

  override _flush(done: TransformCallback): void {
    this.release();
    done();
  }

  /** What of this piece of the body is read, cut after its last whole line. */
  private within(value: Buffer): Buffer {
    const text = isText(this.node!);
    const room = text ? Math.min(MAX_PART - this.kept, MAX_READ - this.textRead) : 0;
    if (value.length <= room) {
      this.kept += value.length;
      this.textRead += value.length;
      return value;
    }
    this.changed = true;
    if (text) this.textCut = true;
    const head = value.subarray(0, room);
    const cut = head.subarray(0, head.lastIndexOf(0x0a) + 1 || head.length);
    this.kept = MAX_PART;
    this.textRead += cut.length;
    return cut;
  }

  private release(): void {
    if (!this.held.length) return;
    const body = Buffer.concat(this.held);
    this.held = [];
    const broken = breakSpaceRuns(body);
    if (broken !== body) this.changed = true;
    this.push({ type: 'body', value: broken, node: this.node });
  }
}

/** As mailparser tells text from attachments: a text type, not marked as an attachment. */
function isText(node: MimeNode): boolean {
  const disposition = (node.disposition || 'inline').toLowerCase();
  return TEXT_TYPES.includes((node.contentType || 'text/plain').toLowerCase()) && disposition === 'inline';
}

/**
 * Breaks each run of spaces and tabs longer than SPACE_RUN that is followed by more of its line
 * with soft line breaks ("=" and a line end), which quoted-printable decodes to nothing: the
 * decoded text is the same, and libqp's trailing-space pass meets only short runs. A run at a
 * line's end is left alone (that pass drops it in one step).
 */
export function breakSpaceRuns(body: Buffer): Buffer {
  const text = body.toString('latin1');
  // Only at a run's start (the look-behind), so each run is tried once: linear.
  const long = new RegExp(`(?<![\\t ])[\\t ]{${SPACE_RUN + 1},}(?=[^\\t \\r\\n])`, 'g');
  if (!long.test(text)) return body;
  long.lastIndex = 0;
  const broken = text.replace(long, (run) => {
    const pieces: string[] = [];
    for (let at = 0; at < run.length; at += SPACE_RUN) pieces.push(run.slice(at, at + SPACE_RUN));
    return pieces.join('=\r\n');
  });
  return Buffer.from(broken, 'latin1');
}
