// Who a forum account is in a game (src/channels/forum/forum-members.ts): by the name it showed when
// first seen, whatever it shows since, and never by a name another account holds; the pins kept in
// Redis, where a name pinned to itself (phpBB's accounts were once their names) is taken over.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForumMembers, membership } from '../../src/channels/forum/forum-members.ts';
import { forumKeys } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import type { GameFile } from '../../src/game/game-file.ts';

const GAME = 'adjutant-test-forum-members';

const config = {
  forum: { gm: 'Grace', players: { Alice: 'red', Bob: 'blue' } },
  nations: { red: { name: 'Redmark' }, blue: { name: 'Bluevale' } },
} as unknown as GameFile;

describe('a forum account in a game', () => {
  it('is the member of the name it shows when no account holds the name, and holds it from then on', () => {
    expect(membership(config, { id: '2', name: 'ALICE' }, {})).toEqual({ who: { role: 'player', nation: 'red' }, pin: 'alice' });
    expect(membership(config, { id: '7', name: 'Grace' }, { alice: '2' })).toEqual({ who: { role: 'gm' }, pin: 'grace' });
    expect(membership(config, { id: '2', name: 'Alice' }, { alice: '2' })).toEqual({ who: { role: 'player', nation: 'red' } });
  });

  it('stays the member it was after a rename, even to the name of a member who has not written yet', () => {
    expect(membership(config, { id: '2', name: 'Alicia' }, { alice: '2' })).toEqual({ who: { role: 'player', nation: 'red' } });
    expect(membership(config, { id: '2', name: 'Bob' }, { alice: '2' })).toEqual({ who: { role: 'player', nation: 'red' } });
  });

  it('is not the member of a name another account holds, nor anyone for a name the game does not know', () => {
    expect(membership(config, { id: '4', name: 'Alice' }, { alice: '2' })).toEqual({ who: null, taken: 'Alice' });
    expect(membership(config, { id: '4', name: 'Carol' }, { alice: '2' })).toEqual({ who: null });
  });

  it("takes a name the game gives it now, once the name it held is no longer the game's", () => {
    const renamed = { ...config, forum: { ...config.forum!, players: { Alicia: 'red', Bob: 'blue' } } } as GameFile;
    expect(membership(renamed, { id: '2', name: 'Alicia' }, { alice: '2' })).toEqual({ who: { role: 'player', nation: 'red' }, pin: 'alicia' });
  });
});

describe('the names held in a game, in the real Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis((await requireServices(['redis'])).redisUrl);
  });
  afterAll(async () => {
    await redis.del(forumKeys(GAME).members);
    redis.disconnect();
  });

  it('keep the first account seen, and give a name pinned to itself (phpBB, before user ids) to the first account seen by id', async () => {
    const members = new ForumMembers(redis);
    await redis.del(forumKeys(GAME).members);
    await redis.hset(forumKeys(GAME).members, 'bob', 'Bob');
    await members.pin(GAME, 'Alice', '2');
    await members.pin(GAME, 'alice', '4');
    expect(await members.pins(GAME)).toEqual({ alice: '2' });
    await members.pin(GAME, 'Bob', '3');
    await members.pin(GAME, 'Bob', '5');
    expect(await members.pins(GAME)).toEqual({ alice: '2', bob: '3' });
  });
});
