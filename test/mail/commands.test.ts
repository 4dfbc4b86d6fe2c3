// Commands by email, read line by line for players and the GM.
import { describe, expect, it } from 'vitest';
import { isCommandText, readCommands } from '../../src/messages/commands.ts';

const ctx = { timeZone: 'Europe/London', nations: ['red', 'blue'] };

describe('email commands', () => {
  it('tells a command mail from an order mail by its first line', () => {
    expect(isCommandText('\n  status\n', 'player')).toBe(true);
    expect(isCommandText('claim nor\nSTATUS', 'player')).toBe(false);
    expect(isCommandText('REPLACE ALL\nclaim nor', 'gm')).toBe(false);
    expect(isCommandText('EXTEND 24h', 'player')).toBe(false);
  });

  it('reads the GM commands with their arguments', () => {
    const lines = readCommands(
      'EXTEND 36h\nDEADLINE 2030-01-05 20:00\nDEADLINE 2026-11-27 01:00 NOW\nextend 10m now\nROLLBACK to turn 3\nREPLACE blue <new@example.com>\nPREVIEW reroll\nPAUSE now\nPROCESS\nPROCESS turn 4\nPROCESS soon',
      'gm',
      ctx,
    );
    expect(lines.map((l) => l.command ?? l.problem)).toEqual([
      { name: 'extend', ms: 36 * 3_600_000, now: false },
      { name: 'deadline', at: new Date('2030-01-05T20:00:00Z'), now: false },
      { name: 'deadline', at: new Date('2026-11-27T01:00:00Z'), now: true },
      { name: 'extend', ms: 600_000, now: true },
      { name: 'rollback', turn: 3 },
      { name: 'replace', nation: 'blue', address: 'new@example.com' },
      { name: 'preview', reroll: true },
      'PAUSE takes nothing after it.',
      { name: 'process' },
      { name: 'process', turn: 4 },
      'write PROCESS and the turn open now, like PROCESS 3.',
    ]);
  });

  it("reads the GM's reason after two dashes or a dash, for the commands players are told of", () => {
    const lines = readCommands(
      'EXTEND 36h NOW -- the forum was down\nPAUSE — holidays\nROLLBACK 3 --\nREPLACE blue new@example.com -- moved\nEXTEND -- why',
      'gm',
      ctx,
    );
    expect(lines.map((l) => l.command ?? l.problem)).toEqual([
      { name: 'extend', ms: 36 * 3_600_000, now: true, reason: 'the forum was down' },
      { name: 'pause', reason: 'holidays' },
      { name: 'rollback', turn: 3 },
      expect.stringContaining('write REPLACE'),
      expect.stringContaining('write EXTEND with a duration'),
    ]);
    expect(readCommands(`PAUSE -- ${'x'.repeat(500)}`, 'gm', ctx)[0].command).toEqual({ name: 'pause', reason: 'x'.repeat(200) });
  });

  it('gives ORDER the lines below it, up to the next ORDER, keeping line numbers', () => {
    const [red, blue] = readCommands('ORDER red\nclaim nor\nclaim mid\nORDER blue LATE', 'gm', ctx);
    expect(red.command).toEqual({ name: 'order', nation: 'red', late: false, text: '\nclaim nor\nclaim mid\n' });
    expect(blue.command).toEqual({ name: 'order', nation: 'blue', late: true, text: '\n\n\n' });
  });

  it('explains what it cannot run', () => {
    const lines = readCommands('ORDER green\nREPLACE red nobody\nEXTEND soon\nPROCESS', 'player', ctx);
    expect(lines.map((l) => l.problem)).toEqual([
      'ORDER is for the GM only.',
      'REPLACE is for the GM only.',
      'EXTEND is for the GM only.',
      'PROCESS is for the GM only.',
    ]);
    expect(readCommands('ORDER green\nclaim nor', 'gm', ctx)[0].problem).toContain('there is no nation "green"');
    expect(readCommands('REPLACE red nobody', 'gm', ctx)[0].problem).toContain('REPLACE, the nation and the new player');
    expect(readCommands('EXTEND soon', 'gm', ctx)[0].problem).toContain('EXTEND 24h');
    expect(readCommands('DEADLINE NOW', 'gm', ctx)[0].problem).toContain('write DEADLINE 2026-12-05 20:00');
  });

  it('answers a command word with a slip in it with the command meant', () => {
    expect(isCommandText('PASUE', 'gm')).toBe(true);
    expect(readCommands('PASUE', 'gm', ctx)[0].problem).toBe('"PASUE" is not a command. Did you mean PAUSE?');
    expect(readCommands('STATUS\nRESUEM', 'gm', ctx)[1].problem).toContain('Did you mean RESUME?');
    expect(readCommands('STAUTS', 'player', ctx)[0].problem).toContain('Did you mean STATUS?');
    // Orders are not commands: only a slip written in capitals, as commands are, makes a command mail.
    expect(isCommandText('Hold all army', 'player')).toBe(false);
    expect(isCommandText('Pasue', 'gm')).toBe(false);
    expect(readCommands('STATUS\nFROBNICATE', 'gm', ctx)[1].problem).toBe('"FROBNICATE" is not a command.');
  });

  it('sets a sign-off after the commands aside instead of answering it as a command', () => {
    expect(readCommands('STATUS\nThanks,\nRoddy', 'player', ctx).map((l) => l.command ?? l.problem)).toEqual([{ name: 'status' }]);
    expect(readCommands('PAUSE\n-- The GM', 'gm', ctx).map((l) => l.command ?? l.problem)).toEqual([{ name: 'pause' }]);
    // A command word at the end is still a command, and one in capitals still an attempt at one.
    expect(readCommands('STATUS\nPause', 'gm', ctx).map((l) => l.command ?? l.problem)).toEqual([{ name: 'status' }, { name: 'pause' }]);
    expect(readCommands('STATUS\nResume now', 'gm', ctx)[1].problem).toBe('RESUME takes nothing after it.');
  });
});
