// Discourse's request limits per API key (sandbox/forum/discourse-limits.ts) met by the real thread
// reader, intake, Redis and forum poster, on a member's user API key, with the limits' minute and
// day shortened to seconds: the minute's limit is sat out within the read, unseen by the GM; the
// day's stops the read where it got to, tells the GM once when it resumes, and the next round goes
// on from there; a confirmation sent while the key's day is spent is held and made once, later.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ForumHttpOptions } from '../../src/channels/forum/base/forum-http.ts';
import { discourseAdapter } from '../../src/channels/forum/discourse/discourse-adapter.ts';
import { userApiKeys } from '../../src/channels/forum/discourse/user-api-key.ts';
import type { ThreadReaders } from '../../src/channels/forum/thread-readers.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { waitFor } from '../turns/support.ts';
import { startDiscourse, type DcPost, type DiscourseForum } from '../../sandbox/forum/discourse-server.ts';
import { forumTestGame, gameReaders, type ForumTestGame } from './support/forum-game.ts';
import { gamePoster } from './support/test-poster.ts';

let redisUrl: string;
let dc: DiscourseForum;
let game: ForumTestGame;
let readers: ThreadReaders | undefined;
let memberKey: string;
let clock: number;

beforeAll(async () => {
  ({ redisUrl } = await requireServices(['redis']));
});
beforeEach(async () => {
  dc = await startDiscourse(55, ['adjutant', 'alice', 'bob', 'carol']);
  const request = userApiKeys.begin(dc.server.url, { id: 'adjutant-limits', name: 'Adjutant (limits)' });
  memberKey = userApiKeys.finish(await dc.userKeys.approve(request.link, 'adjutant'), request);
  // Before the board's first post (2031): every post is the game's.
  clock = Date.parse('2030-06-01T12:00:00Z');
  game = await forumTestGame({ software: 'discourse', url: dc.server.url, thread: 55 }, { now: () => new Date(clock) });
});
afterEach(async () => {
  await readers?.stop();
  readers = undefined;
  await dc.server.close();
  await game.close();
});

/** The game's account, on the member's user API key. */
const adapter = (http: Partial<ForumHttpOptions>) => discourseAdapter({ baseUrl: dc.server.url, topicId: 55, userApiKey: memberKey, http });

function startReaders(http: Partial<ForumHttpOptions>): ThreadReaders {
  return (readers = gameReaders(game, () => adapter(http)));
}

/** Posts of players' orders, two in three; the third a non-player's chatter, read and passed over. */
function posts(count: number): DcPost[] {
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 2 ? dc.say('carol', `Chatter ${i}`) : dc.say(i % 3 ? 'bob' : 'alice', `Move ${i}\n[orders]\nclaim ${['nor', 'mid', 'sou'][i % 3]}\n[/orders]`),
  );
}

async function gmAlerts(): Promise<Array<{ key: string; subject: string; text: string }>> {
  const all = await game.store.redis.hgetall(`adjutant:{${game.id}}:outbox`);
  return Object.values(all)
    .map((v) => JSON.parse(v))
    .filter((e) => e.key.startsWith('alert:'));
}

/** The post ids each request by id asked for, in order. */
const askedFor = (from = 0) =>
  dc.server.requests
    .slice(from)
    .filter((r) => r.path === '/t/55/posts.json')
    .map((r) => r.query.getAll('post_ids[]').map(Number));

describe("Discourse's request limits per key", () => {
  it('a thread longer than the minute allows is read whole, each post taken once, the limit sat out and the GM not told', { timeout: 30_000 }, async () => {
    const written = posts(60);
    Object.assign(dc.limits, { userKeyRequestsPerMinute: 4, minuteMs: 1000 });
    const started = Date.now();
    await startReaders({ backoffMs: 5, retries: 4, maxWaitMs: 5000 }).readNow(game.id);
    // Four requests a second allowed, and a read of 60 posts takes more: it waited for the window.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(new Set(askedFor().flat())).toEqual(new Set(written.map((p) => p.id)));
    expect(await game.store.redis.get(forumKeys(game.id).cursor)).toBe(String(written.at(-1)!.id));
    expect(new Set(game.queued).size).toBe(40);
    expect(game.queued).toHaveLength(40);
    expect(await gmAlerts()).toEqual([]);

    // Nothing new: nothing taken again.
    clock += 3_600_000;
    await readers!.readNow(game.id);
    expect(game.queued).toHaveLength(40);
  });

  it(
    "the key's day spent mid-read: the read stops where it got to, the GM is told once when it resumes, and the next round goes on from there",
    { timeout: 30_000 },
    async () => {
      const reader = startReaders({ backoffMs: 5, retries: 2, maxWaitMs: 300 });
      posts(3);
      await reader.readNow(game.id);
      expect(game.queued).toHaveLength(2);

      const written = posts(100);
      // Three requests left in the day: the topic's stream and two chunks of twenty posts.
      Object.assign(dc.limits, { userKeyRequestsPerDay: 3, dayMs: 2000 });
      await reader.readNow(game.id);
      expect(await game.store.redis.get(forumKeys(game.id).cursor)).toBe(String(written[39].id));
      expect(game.queued).toHaveLength(2 + 27);
      const [told, ...more] = await gmAlerts();
      expect(more).toEqual([]);
      expect(told.key).toMatch(/^alert:forum:allowance-spent:/);
      expect(told.subject).toMatch(/The forum's daily request allowance for Adjutant is spent$/);
      expect(told.text).toContain("neither reads the game's thread nor posts until 2030-06-01 12:01 UTC");
      expect(told.text).toContain('the thread is read from where it stopped');

      // Until the wait is over the forum is not asked again, and the GM not told again.
      const asked = dc.server.requests.length;
      await reader.readNow(game.id);
      expect(dc.server.requests.length).toBe(asked);

      // The window passed (on the board and on the game's clock); a real day's allowance is far
      // more than a round needs: three only made this one run out part way.
      await new Promise((r) => setTimeout(r, 2100));
      dc.limits.userKeyRequestsPerDay = 100;
      clock += 60_000;
      await reader.readNow(game.id);
      expect(askedFor(asked)[0][0]).toBe(written[40].id);
      expect(game.queued).toHaveLength(2 + 67);
      expect(new Set(game.queued).size).toBe(2 + 67);
      expect(await game.store.redis.get(forumKeys(game.id).cursor)).toBe(String(written.at(-1)!.id));
      expect(await gmAlerts()).toEqual([told]);
    },
  );

  it(
    "the admin keys' minute, the whole site's: a request over it is answered 429 naming the limiter, and a read sits it out",
    { timeout: 30_000 },
    async () => {
      const written = posts(50);
      Object.assign(dc.limits, { adminRequestsPerMinute: 2, minuteMs: 1000 });
      const admin = (username: string) =>
        discourseAdapter({ baseUrl: dc.server.url, topicId: 55, apiKey: dc.key, apiUsername: username, http: { backoffMs: 5, retries: 4, maxWaitMs: 5000 } });
      // Requests acting as other members spend the minute: the game's account waits all the same.
      await admin('alice').whoIs('bob');
      await admin('bob').whoIs('alice');
      const refused = await fetch(`${dc.server.url}/t/55.json`, { headers: { 'Api-Key': dc.key, 'Api-Username': 'adjutant' } });
      expect([refused.status, refused.headers.get('discourse-rate-limit-error-code'), Number(refused.headers.get('retry-after'))]).toEqual([
        429,
        'admin_api_key_rate_limit',
        1,
      ]);
      expect(await refused.json()).toMatchObject({ error_type: 'rate_limit', extras: { wait_seconds: 1 } });
      const page = await admin('adjutant').readSince(null);
      expect(page.posts.map((p) => p.id)).toEqual(written.map((p) => String(p.id)));
    },
  );

  it(
    "a confirmation sent while the key's day is spent is held, the GM told once, and made once when the forum takes requests again",
    { timeout: 30_000 },
    async () => {
      const id = game.id;
      const poster = gamePoster(game, redisUrl, () => adapter({ backoffMs: 20, retries: 1, maxWaitMs: 300 }));
      try {
        Object.assign(dc.limits, { userKeyRequestsPerDay: 2, dayMs: 2000 });
        await adapter({}).whoIs('alice');
        await adapter({}).whoIs('bob');
        const recorded = Date.now();
        await poster.outbox.record(id, { kind: 'private', key: 'reply:alice', to: ['alice'], title: 'Orders of alice', text: 'Read: claim nor.' });
        const [told] = await waitFor('the GM told', async () => {
          const alerts = await gmAlerts();
          return alerts.length ? alerts : undefined;
        });
        expect(told.key).toMatch(/^alert:forum:allowance-spent:/);
        expect(told.text).toContain("The forum lets Adjutant's key make only so many requests in 24 hours");
        expect(dc.messages).toEqual([]);
        expect((await poster.outbox.entry(id, 'reply:alice'))?.postedAt).toBeUndefined();

        // The window passed: the forum takes requests again.
        dc.limits.userKeyRequestsPerDay = 100;
        await waitFor('the confirmation sent', async () => dc.messages.length > 0);
        expect(Date.now() - recorded).toBeGreaterThanOrEqual(1500);
        await new Promise((r) => setTimeout(r, 500));
        expect(dc.messages.map((m) => [m.title, m.target_recipients])).toEqual([['Orders of alice', 'alice']]);
        expect((await poster.outbox.entry(id, 'reply:alice'))?.postedAt).toBeDefined();
        expect(await gmAlerts()).toEqual([told]);
      } finally {
        await poster.stop();
      }
    },
  );
});
