// The late emails of a step, read again for the GM's ORDER <nation> LATE: each one's text, thread,
// sender, and its date, never after its arrival (a date in the future would outrank later mail).
import type { LateMail } from '../../messages/message-extras.ts';
import type { GameStore } from '../../store/game-store.ts';
import { MessageLedger } from '../../messages/message-ledger.ts';
import { readMail } from './read-mail.ts';

export async function lateEmails(store: GameStore, gameId: string, ids: string[]): Promise<Record<string, LateMail>> {
  if (!ids.length) return {};
  const received = await new MessageLedger(store.redis).receivedTimes(gameId, ids);
  const out: Record<string, LateMail> = {};
  for (const [i, messageId] of ids.entries()) {
    const raw = await store.mail(gameId, messageId);
    if (!raw) continue;
    const mail = await readMail(raw);
    const arrived = received[i];
    const date = (mail.date && arrived && mail.date < arrived ? mail.date : (arrived ?? mail.date ?? new Date(0))).toISOString();
    out[messageId] = { text: mail.text, subject: mail.subject, messageId: mail.messageId, from: mail.from, date };
  }
  return out;
}
