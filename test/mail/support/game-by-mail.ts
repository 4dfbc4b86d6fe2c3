// A ruleset's game played through the whole mail loop (test/mail/support/mail-loop.ts): the game
// stored under the test's id, the loop started with its parse queue on BullMQ and connected to
// IMAP; `stop` ends the loop, clears the test's mail and drops the game.
import { openGame } from '../../../src/game/open-game.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { connectRedis } from '../../../src/store/redis.ts';
import { MemoryControl } from './fake-control.ts';
import { dropGame } from './mail-game.ts';
import { startMailLoop, type MailLoop } from './mail-loop.ts';
import { purgeMail } from './mailbox.ts';

export interface GameByMail {
  store: GameStore;
  loop: MailLoop;
  stop(): Promise<void>;
}

/** `mail`: the subject the test's emails carry, and the players whose inboxes get answers. */
export async function gameByMail(gameId: string, files: Record<string, string>, mail: { subject: string; players: string[] }): Promise<GameByMail> {
  const { game, problems } = openGame(gameId, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('; '));
  const store = new GameStore(connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:16379'));
  await store.createGame(gameId, { files, state: game.state });
  const loop = await startMailLoop({
    games: [{ id: gameId, mailbox: 'game@adjutant.test' }],
    control: new MemoryControl(new Date('2031-03-07T20:00:00Z')),
    queue: 'bullmq',
  });
  for (let i = 0; i < 100 && !loop.intake.stats().connected; i++) await new Promise((r) => setTimeout(r, 50));
  return {
    store,
    loop,
    async stop() {
      await loop.stop();
      for (const folder of ['INBOX', 'Processed']) await purgeMail('game@adjutant.test', folder, { subject: mail.subject });
      for (const who of mail.players) await purgeMail(`${who}@adjutant.test`, 'INBOX', { subject: `[${gameId}]` });
      await dropGame(store, gameId);
      store.redis.disconnect();
    },
  };
}
