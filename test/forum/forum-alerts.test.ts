// The GM's mail about the game's forum, recorded in the mail outbox once per thing it is about,
// however often the fault is seen: here, the key's daily allowance spent, as the reader and the
// poster each report it, against the real Redis.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forumAlert } from '../../src/channels/forum/forum-alerts.ts';
import { gameKeys } from '../../src/store/keys.ts';
import { mailTestGame, type MailTestGame } from '../mail/support/mail-game.ts';
import { requireServices } from '../support/services.ts';

let game: MailTestGame;
beforeAll(async () => {
  await requireServices(['redis']);
});
afterEach(async () => {
  await game?.close();
});

/** The forum alerts in the game's mail outbox, whose fields are the messages' keys. */
async function alertKeys(): Promise<string[]> {
  return (await game.store.redis.hkeys(gameKeys(game.id).outbox)).filter((k) => k.startsWith('alert:forum:')).sort();
}

const spent = (resumesAt: string) => ({
  kind: 'allowance-spent' as const,
  error: 'You have performed this action too many times.',
  resumesAt: new Date(resumesAt),
});

describe('the GM told that the forum key’s allowance is spent', () => {
  it('is told once, although refusals a second apart name resume times either side of an hour', async () => {
    game = await mailTestGame();
    // Each refusal's wait counts from its own request: 14:58:59.8 rounds to 14:59, 14:59:00.3 to 15:00.
    await forumAlert(game.deps, game.id, spent('2030-01-01T14:58:59.800Z'));
    await forumAlert(game.deps, game.id, spent('2030-01-01T14:59:00.300Z'));
    await forumAlert(game.deps, game.id, spent('2030-01-01T14:58:58.900Z'));
    expect(await alertKeys()).toEqual(['alert:forum:allowance-spent:2030-01-01T14']);
  });

  it("is told again when the next day's allowance is spent too", async () => {
    game = await mailTestGame();
    await forumAlert(game.deps, game.id, spent('2030-01-01T14:58:59.800Z'));
    await forumAlert(game.deps, game.id, spent('2030-01-02T15:30:00.000Z'));
    expect(await alertKeys()).toEqual(['alert:forum:allowance-spent:2030-01-01T14', 'alert:forum:allowance-spent:2030-01-02T15']);
  });
});
