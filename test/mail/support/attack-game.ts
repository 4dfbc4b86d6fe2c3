// A stored claims game for the tests that attack the mail loop through its real path: mail sent
// through the SMTP relay, delivered by Dovecot, taken by the intake, processed on BullMQ, answered
// through the outbox and the relay into the players' real mailboxes.
import { randomUUID } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { openGame } from '../../../src/game/open-game.ts';
import type { GameStore } from '../../../src/store/game-store.ts';
import type { GameStatus } from '../../../src/turns/game-control.ts';
import { MemoryControl } from './fake-control.ts';
import { gameFiles } from './mail-game.ts';
import { purgeMail, sendMail } from './mailbox.ts';

/** A control whose deadline is set per game (one game of a loop may be past its deadline). */
export class PerGameControl extends MemoryControl {
  deadlines = new Map<string, Date>();
  override async status(gameId: string): Promise<GameStatus> {
    const status = await super.status(gameId);
    return { ...status, deadline: this.deadlines.get(gameId) ?? status.deadline };
  }
}

export async function storeClaimsGame(store: GameStore, prefix: string, set: Record<string, unknown> = {}): Promise<string> {
  const id = `${prefix}-${randomUUID().slice(0, 8)}`;
  const files = gameFiles('claims', { 'gm.secret': 'grey-heron', ...set });
  const { game, problems } = openGame(id, files);
  if (!game) throw new Error(problems.map((p) => p.message).join('; '));
  await store.createGame(id, { files, state: game.state });
  return id;
}

/** Sends to the game through the relay, with the game's tag in the subject. */
export function mailGame(gameId: string, from: string, subject: string, text: string, extra: Mail.Options = {}): Promise<void> {
  return sendMail({ from, to: 'game@adjutant.test', subject: `[${gameId}] ${subject}`, text, ...extra });
}

/** Removes what a test game left in the mailboxes. */
export async function purgeGameMail(gameIds: string[]): Promise<void> {
  const users = ['gm', ...Array.from({ length: 12 }, (_, i) => `player${i + 1}`)];
  for (const id of gameIds) {
    for (const folder of ['INBOX', 'Processed']) await purgeMail('game@adjutant.test', folder, { subject: `[${id}]` });
    for (const user of users) await purgeMail(`${user}@adjutant.test`, 'INBOX', { subject: `[${id}]` });
  }
}
