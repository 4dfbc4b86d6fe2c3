// The service's log: readable lines on a terminal, one JSON object per line otherwise.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { serviceLogger } from '../../src/cli/logger.ts';

function capture(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & PassThrough;
  stream.isTTY = isTTY;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

describe('service logger', () => {
  it('writes JSON lines when the output is not a terminal', async () => {
    const out = capture(false);
    serviceLogger('info', out.stream).info({ gameId: 'isles', step: 3 }, 'step committed');
    await new Promise((r) => setImmediate(r));
    expect(JSON.parse(out.text().trim())).toMatchObject({ level: 30, name: 'adjutant', gameId: 'isles', step: 3, msg: 'step committed' });
  });

  it('writes readable lines on a terminal', async () => {
    const out = capture(true);
    serviceLogger('info', out.stream).info({ gameId: 'isles' }, 'step committed');
    await new Promise((r) => setImmediate(r));
    // eslint-disable-next-line no-control-regex
    const text = out.text().replace(/\x1b\[[0-9;]*m/g, '');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: step committed\n\s+gameId: "isles"\n$/);
  });
});
