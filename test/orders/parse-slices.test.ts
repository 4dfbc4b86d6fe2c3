// The parse the mail loop runs (parseMessageInSlices) reads a message exactly as parseMessage does,
// and lets the event loop turn while it works; the mail tests' board NES game, with its state.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/open-game.ts';
import { parseMessage, parseMessageInSlices, type ParseInput } from '../../src/orders/parse-message.ts';

const FIXTURE = new URL('../mail/fixtures/board-nes/', import.meta.url);
const { game } = openGame('slices', {
  'game.yaml': readFileSync(new URL('game.yaml', FIXTURE), 'utf8'),
  'map.yaml': readFileSync(new URL('map.yaml', FIXTURE), 'utf8'),
});

/** Orders, illegal orders, ambiguous lines, headings and prose: every way a line can end up. */
const text = [
  'Hi GM,',
  'Purchases:',
  ...Array.from(
    { length: 60 },
    (_, i) =>
      [
        `Buy ${1 + (i % 4)} armies in lon`,
        'Move army from lon to yor',
        'Buy fleet in lon at nth',
        'Hold army in wal',
        'Buy town in atlantis',
        'I hope the weather holds this year.',
        'Move 2 armies from yor to mid and claim',
      ][i % 7],
  ),
  'Thanks!',
].join('\n');

function input(): ParseInput {
  return { ruleset: game!.ruleset, map: game!.map, nation: 'red', text, state: game!.state, options: game!.ctx.options };
}

/** Turns of the event loop (setImmediate callbacks run) while `work` is under way. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  running = false;
  return { value, turns };
}

describe('parseMessageInSlices', () => {
  it('reads a message exactly as parseMessage does', async () => {
    const whole = parseMessage(input());
    expect(whole.orders.length).toBeGreaterThan(0);
    expect(whole.errors.length).toBeGreaterThan(0);
    expect(whole.ignored.length).toBeGreaterThan(0);
    expect(await parseMessageInSlices(input(), 0)).toEqual(whole);
    expect(await parseMessageInSlices(input())).toEqual(whole);
  });

  it('lets the event loop turn between lines, and not at all within one slice', async () => {
    const sliced = await turnsDuring(() => parseMessageInSlices(input(), 0));
    // One turn per line read and per order checked: the message has more than 60 of each.
    expect(sliced.turns).toBeGreaterThan(60);
    const whole = await turnsDuring(() => parseMessageInSlices(input(), Number.POSITIVE_INFINITY));
    expect(whole.turns).toBe(0);
  });

  it('says the same thing about a message without the game state', async () => {
    const { state: _state, ...bare } = input();
    expect(await parseMessageInSlices(bare, 0)).toEqual(parseMessage(bare));
  });
});
