// A forum post, a private message and a member's name are player input of any length: each costs
// time in proportion to the part of it that is read, never to its square, and never holds the event
// loop more than 50 ms. Posts of 1 MB built to make a scanner retry (unclosed quotes, fences and
// blocks by the thousand) go through the forum intake and the message loop, with the real order
// parser as the service runs it (parseMessageInSlices), against the real Redis.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { takeForumItems } from '../../src/channels/forum/forum-intake.ts';
import type { ForumItem } from '../../src/channels/forum/forum-inbox.ts';
import { parseMessageInSlices } from '../../src/orders/parse-message.ts';
import { leastCost } from '../support/bounded-cost.ts';
import { requireServices } from '../support/services.ts';
import { forumTestGame, type ForumTestGame } from './support/forum-game.ts';

const MB = 1024 * 1024;
/** Whole intake and message loop for a 1 MB post: tens of ms in one pass, minutes when quadratic. */
const BOUNDS = { ms: 3000, blockedMs: 50 };

const fill = (unit: string, size = MB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
const ORDERS = '[orders]\nclaim nor\n[/orders]\n';

const POSTS: Record<string, string> = {
  'unclosed quotes with an author': ORDERS + fill('[quote="a'),
  'unclosed quotes': ORDERS + fill('[quote]'),
  'nested quotes': ORDERS + '[quote]'.repeat(MB / 16) + 'x' + '[/quote]'.repeat(MB / 16),
  'unclosed orders blocks': ORDERS + fill('[orders]'),
  'orders fences never closed': ORDERS + fill('```orders\n'),
  'orders fences closed, by the thousand': ORDERS + fill('~~~orders\nhello\n~~~\n'),
  'orders blocks of ORDERS lines': fill('[orders]\norders\nend\n[/orders]\n'),
  'quoted lines': ORDERS + fill('> \n'),
  'one line without spaces': ORDERS + fill('x'),
  'a line of spaces': `${ORDERS}[orders]\nclaim${' '.repeat(32 * 1024)}x\n[/orders]\n${fill(' ')}`,
};

let game: ForumTestGame | undefined;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
  game = undefined;
});

async function forumGame(): Promise<ForumTestGame> {
  const g = await forumTestGame({ software: 'discourse', url: 'http://127.0.0.1:9', thread: 55, orders: 'public' });
  g.deps.parse = parseMessageInSlices;
  return g;
}

/** The item taken in and its message run, as the service does; the outcomes. */
async function run(g: ForumTestGame, item: ForumItem): Promise<string[]> {
  await takeForumItems(g.intake, g.id, [item]);
  return (await g.processQueued()).map((r) => r.outcome);
}

const post = (id: string, text: string, name = 'Alice') => ({ id, author: { id: name, name }, text, postedAt: '2029-12-30T11:00:00Z' });

describe('a 1 MB forum post', () => {
  for (const [kind, text] of Object.entries(POSTS)) {
    it(`of ${kind} is read in bounded time, never holding the event loop`, async () => {
      game = await forumGame();
      const g = game;
      const outcomes: string[][] = [];
      const cost = await leastCost(async (attempt) => outcomes.push(await run(g, { channel: 'forum-post', post: post(`${kind}-${attempt}`, text) })), BOUNDS);
      expect(outcomes[0]).toEqual(['orders']);
      expect(cost.ms).toBeLessThan(BOUNDS.ms);
      expect(cost.blockedMs).toBeLessThan(BOUNDS.blockedMs);
    });
  }
});

describe('a 1 MB forum private message', () => {
  it('with a 1 MB title, of quotes, fences and order lines, is read in bounded time, never holding the event loop', async () => {
    game = await forumGame();
    const g = game;
    const text = `claim nor\n${fill('[quote="a\n> x\n```orders\norders\n', MB / 2)}${fill('claim nor\n', MB / 2)}`;
    const title = fill('Re: secret: ' + ' '.repeat(1000) + 'T-ABCDEF [x] ');
    const outcomes: string[][] = [];
    const cost = await leastCost(
      async (attempt) => outcomes.push(await run(g, { channel: 'forum-private', post: post(`pm-${attempt}`, text), title })),
      BOUNDS,
    );
    expect(outcomes[0]).toEqual(['orders']);
    expect(cost.ms).toBeLessThan(BOUNDS.ms);
    expect(cost.blockedMs).toBeLessThan(BOUNDS.blockedMs);
  });
});

describe("a forum member's name of 1 MB", () => {
  it('is nobody in the game, found in bounded time', async () => {
    game = await forumGame();
    const g = game;
    const name = fill('Alice ');
    const outcomes: string[][] = [];
    const cost = await leastCost(
      async (attempt) => outcomes.push(await run(g, { channel: 'forum-private', post: post(`name-${attempt}`, 'claim nor', name), title: name })),
      BOUNDS,
    );
    expect(outcomes[0]).toEqual([]);
    expect(cost.ms).toBeLessThan(BOUNDS.ms);
    expect(cost.blockedMs).toBeLessThan(BOUNDS.blockedMs);
  });
});
