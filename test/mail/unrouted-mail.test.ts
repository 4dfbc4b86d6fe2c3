// Mail that names no game: kept, answered politely once an hour per sender, never if automatic.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processMail } from '../../src/channels/email/process-mail.ts';
import { gameKeys, mailKeys, UNROUTED_GAME } from '../../src/store/keys.ts';
import { requireServices } from '../support/services.ts';
import { mailTestGame, rawMail, type MailTestGame } from './support/mail-game.ts';

let game: MailTestGame;
const stored: string[] = [];
beforeAll(async () => {
  await requireServices(['redis']);
  game = await mailTestGame();
});
afterAll(async () => {
  const redis = game.store.redis;
  for (const messageId of stored) {
    await redis.hdel(gameKeys(UNROUTED_GAME).mail, messageId);
    await redis.hdel(mailKeys(UNROUTED_GAME).results, messageId);
    await redis.hdel(gameKeys(UNROUTED_GAME).outbox, `reply:${messageId}`);
    await redis.zrem(gameKeys(UNROUTED_GAME).outboxPending, `reply:${messageId}`);
  }
  await game.close();
});

async function unrouted(raw: Buffer) {
  const messageId = await game.store.putMail(UNROUTED_GAME, raw);
  stored.push(messageId);
  return processMail(game.deps, { gameId: UNROUTED_GAME, messageId });
}

describe('mail for no game', () => {
  it("is kept and answered once per sender an hour, from the intake's address, with no game tag", async () => {
    const stranger = `stranger-${randomUUID().slice(0, 8)}@example.com`;
    const first = await unrouted(await rawMail({ from: stranger, subject: 'Is this the game?', text: 'Hello' }));
    expect(first).toMatchObject({ outcome: 'unrouted', code: 'NO_GAME' });
    expect(first.replies).toHaveLength(1);
    expect(first.replies[0]).toMatchObject({ from: 'game@adjutant.test', to: [stranger], subject: 'Re: Is this the game?' });
    expect(first.replies[0].text).toContain("Put the game's id in square brackets");
    expect(await game.store.mail(UNROUTED_GAME, first.messageId)).not.toBeNull();
    const second = await unrouted(await rawMail({ from: stranger, subject: 'Hello again?', text: 'Anyone?' }));
    expect(second).toMatchObject({ outcome: 'unrouted', replies: [] });
  });

  it('never answers an automatic one', async () => {
    const result = await unrouted(
      await rawMail({
        from: `robot-${randomUUID().slice(0, 8)}@example.com`,
        subject: 'Out of office',
        text: 'Away',
        headers: { 'Auto-Submitted': 'auto-replied' },
      }),
    );
    expect(result).toMatchObject({ outcome: 'unrouted', replies: [] });
  });
});
