// What a file is, from its first bytes, to tell a GM who gave the wrong file what they gave.
const SIGNATURES: Array<[string, (b: Buffer) => boolean]> = [
  ['a PDF document', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
  ['a ZIP archive (or an office document)', (b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))],
  ['a gzip archive', (b) => b[0] === 0x1f && b[1] === 0x8b],
  ['a Photoshop document', (b) => b.subarray(0, 4).toString('latin1') === '8BPS'],
  ['a Windows bitmap (BMP)', (b) => b.subarray(0, 2).toString('latin1') === 'BM'],
  ['a PNG image that is cut short or damaged', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['a JPEG image that is cut short or damaged', (b) => b[0] === 0xff && b[1] === 0xd8],
];

export function fileKind(bytes: Buffer): string {
  if (bytes.length === 0) return 'an empty file';
  for (const [kind, test] of SIGNATURES) if (test(bytes)) return kind;
  const head = bytes.subarray(0, 512);
  // Text has no NUL bytes and decodes as UTF-8 without replacement characters.
  if (!head.includes(0) && !head.toString('utf8').includes('\uFFFD')) {
    const text = head.toString('utf8').trimStart();
    if (/^<svg|^<\?xml/i.test(text)) return 'an SVG or XML file that could not be read';
    if (/^[\w-]+:/m.test(text)) return 'a text file (it looks like YAML)';
    return 'a text file';
  }
  return `a ${bytes.length}-byte file of a kind Adjutant does not know`;
}
