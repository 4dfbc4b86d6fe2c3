// `adjutant parse`: a message on standard input, read against a game folder, shown as the player's
// confirmation or as the ParseResult JSON.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../src/cli/commands/parse.ts';
import { GameFolderError } from '../../src/game/problems.ts';
import type { ParseResult } from '../../src/orders/types.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'adjutant-parse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
copyFileSync(new URL('../maps/board-nes-small.yaml', import.meta.url), path.join(dir, 'map.yaml'));
copyFileSync(new URL('./board-nes/states/turn-3.yaml', import.meta.url), path.join(dir, 'state.yaml'));
writeFileSync(
  path.join(dir, 'game.yaml'),
  `title: Parse test
ruleset: board-nes
map: map.yaml
gm: { name: Grace, email: gm@adjutant.test }
nations:
  red: { name: Redmark, colour: "#c0392b", secret: ruby-falcon }
  blue: { name: Bluevale, colour: "#2e86c1", aliases: [Azure Court] }
  green: { name: Greenwood, colour: "#27ae60" }
`,
);

const MESSAGE = `Hi GM,
Move 2 army lon -> wal (claim)
Hold eng
Caravan 3 to Purple
Move 9 army lon -> wal
`;

async function run(args: string[], message: string): Promise<string> {
  const program = new Command('adjutant').exitOverride();
  register(program, [Buffer.from(message)]);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await program.parseAsync(['node', 'adjutant', 'parse', ...args]);
    return log.mock.calls.map((c) => String(c[0])).join('\n');
  } finally {
    log.mockRestore();
  }
}

describe('adjutant parse', () => {
  it('prints the ParseResult as JSON', async () => {
    const result = JSON.parse(await run(['--game', dir, '--nation', 'red', '--json'], MESSAGE)) as ParseResult;
    expect(result.orders.map((o) => o.canonical)).toEqual(['Move 2 army lon -> wal (claim)']);
    expect(result.ambiguous.map((a) => a.line)).toEqual([3]);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [4, undefined],
      [5, 'NOT_ENOUGH_UNITS'],
    ]);
    expect(result.ignored.map((i) => i.line)).toEqual([1]);
  });

  it('prints what the player would read in the confirmation', async () => {
    const text = await run(['--game', dir, '--nation', 'red'], MESSAGE);
    expect(text).toContain('Orders received for Redmark:');
    expect(text).toContain('1. Move 2 army lon -> wal (claim): Your 2 armies in London move to Wales and claim it.');
    expect(text).toContain('Waiting for the GM');
    expect(text).toContain('line 3 "Hold eng" could mean:');
    expect(text).toContain('line 4 "Caravan 3 to Purple": I do not know a nation called "Purple".');
    expect(text).toMatch(/line 5 "Move 9 army lon -> wal": You have only 1 army left in London .*\[NOT_ENOUGH_UNITS\]/);
    expect(text).toContain('line 1 "Hi GM,": no order words');
  });

  it('reads a saved email as the mail loop does: headers, quoted reply and secret set aside, the secret never shown', async () => {
    const eml = path.join(dir, 'orders.eml');
    writeFileSync(
      eml,
      [
        'From: Red Player <red@adjutant.test>',
        'To: game@adjutant.test',
        'Subject: Re: turn 3',
        'Message-ID: <a1@adjutant.test>',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'SIGNON ruby-falcon',
        'Move 2 army lon -> wal (claim)',
        'Buy army in ruby-falcon',
        '',
        'On Mon, GM wrote:',
        '> Hold eng',
        '',
      ].join('\r\n'),
    );
    const result = JSON.parse(await run(['--game', dir, '--nation', 'red', '--json', eml], '')) as ParseResult;
    expect(result.orders.map((o) => o.canonical)).toEqual(['Move 2 army lon -> wal (claim)']);
    expect(result.ambiguous).toEqual([]);
    const text = await run(['--game', dir, '--nation', 'red', eml], '');
    expect(text).not.toMatch(/ruby-falcon|From:|Subject:/);
    expect(text).toContain('Orders received for Redmark:');
  });

  it('reads a nation by the aliases game.yaml gives it, and by what its people are called', async () => {
    for (const words of ['the Azure Court', 'the Azure Courts']) {
      const result = JSON.parse(await run(['--game', dir, '--nation', 'red', '--json'], `Steal all from ${words}`)) as ParseResult;
      expect(
        result.orders.map((o) => o.canonical),
        words,
      ).toEqual(['Steal all from blue']);
    }
    const unknown = JSON.parse(await run(['--game', dir, '--nation', 'red', '--json'], 'Steal all from the Cobalt Court')) as ParseResult;
    expect(unknown.orders).toEqual([]);
  });

  it('says which nations a game has when the nation is not one of them', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await run(['--game', dir, '--nation', 'purple'], MESSAGE);
      expect(error.mock.calls[0][0]).toContain('There is no nation "purple" in this game; its nations are red, blue, green.');
      expect(process.exitCode).toBe(1);
    } finally {
      error.mockRestore();
      process.exitCode = 0;
    }
  });

  it("refuses a folder that is not a game with the loader's sentence", async () => {
    await expect(run(['--game', path.join(dir, 'missing'), '--nation', 'red'], MESSAGE)).rejects.toThrow(GameFolderError);
  });
});
