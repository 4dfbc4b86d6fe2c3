import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { register } from '../../../src/cli/commands/datc.ts';

async function run(...args: string[]): Promise<{ lines: string[]; errors: string[]; exitCode: number | string | undefined }> {
  const lines: string[] = [];
  const errors: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
  const program = new Command('adjutant').exitOverride();
  register(program);
  await program.parseAsync(['node', 'adjutant', 'datc', ...args]);
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  return { lines, errors, exitCode };
}

describe('adjutant datc', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints only the count when every case passes, and every case with --verbose', async () => {
    expect(await run()).toEqual({ lines: ['171 passed, 0 failed'], errors: [], exitCode: undefined });
    const { lines } = await run('--edition', '1971', '--verbose');
    expect(lines).toEqual([
      'pass  6.G.2 (1971) kidnapping an army',
      'pass  6.G.4 (1971) unwanted disrupted convoy to adjacent province and opposite move',
      'pass  6.G.7 (1971) swapping with illegal intent',
      'pass  6.G.19 (1971) swapping with intent of unnecessary convoy',
      'pass  6.J.11 (1971) distance to owned supply center',
      '5 passed, 0 failed',
    ]);
  });

  it('refuses an edition it does not know, and fails', async () => {
    const { lines, errors, exitCode } = await run('--edition', '1999');
    expect(lines).toEqual([]);
    expect(errors).toEqual(['There is no edition "1999"; the editions are 2023, 1982, 1971, dptg.']);
    expect(exitCode).toBe(1);
  });
});
