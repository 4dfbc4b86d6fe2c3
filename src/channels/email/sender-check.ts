// Who is writing. An email counts for a nation only when it comes from the nation's registered
// address AND offers the nation's secret in the one place a secret is read (src/messages/secret.ts),
// or, where the game allows it, carries a DKIM signature that vouches for it (src/channels/email/dkim.ts).
// The GM likewise: the GM's address plus the GM's secret, DKIM, or the token of a ticket the GM
// was sent. Anything else changes nothing, and is told why where the answer cannot be backscatter
// (process-mail.ts answers only senders who proved their address, src/channels/email/sender-proof.ts).
import type { GameFile } from '../../game/game-file.ts';
import type { IncomingMail } from './read-mail.ts';
import { newText } from '../../messages/quoted-text.ts';
import { isSecret, secretCandidate } from '../../messages/secret.ts';

export type Identity =
  | { ok: true; role: 'gm'; via: 'secret' | 'dkim' | 'ticket' }
  | { ok: true; role: 'player'; nation: string; via: 'secret' | 'dkim' }
  /**
   * `wrongSecretFor`: the nations (or "gm") whose registered address offered a wrong secret: a guess, counted.
   * `registered`: the From is the GM's or a player's address (a refusal to anyone else may be backscatter).
   */
  | { ok: false; code: string; message: string; wrongSecretFor: string[]; registered: boolean };

export interface SenderEvidence {
  /** Whether a DKIM signature vouches for the email; asked only when the game enables DKIM and no secret matched. */
  dkim: () => Promise<boolean>;
  /** The mail answers a ticket whose token only the GM was sent. */
  ticketToken: boolean;
}

export async function identifySender(config: GameFile, mail: IncomingMail, dkimEnabled: boolean, evidence: SenderEvidence): Promise<Identity> {
  const from = mail.from;
  if (!from) return refusal(false)('NO_SENDER', 'The email has no single From address, so Adjutant cannot tell who sent it.');
  const candidate = secretCandidate(mail.subject, newText(mail.text));
  const isGm = config.gm.email.toLowerCase() === from;
  const nations = Object.entries(config.nations).filter(([, n]) => n.player?.email.toLowerCase() === from);
  const refuse = refusal(isGm || nations.length > 0);

  if (isGm && isSecret(candidate, config.gm.secret)) return { ok: true, role: 'gm', via: 'secret' };
  const bySecret = nations.filter(([, n]) => isSecret(candidate, n.secret));
  if (bySecret.length === 1) return { ok: true, role: 'player', nation: bySecret[0][0], via: 'secret' };
  if (bySecret.length > 1)
    return refuse('TWO_SECRETS', `${bySecret.map(([, n]) => n.name).join(' and ')} share one secret; ask your GM to give each nation its own.`);
  if (isGm && evidence.ticketToken) return { ok: true, role: 'gm', via: 'ticket' };

  if ((isGm || nations.length) && dkimEnabled && (await evidence.dkim())) {
    if (isGm && !nations.length) return { ok: true, role: 'gm', via: 'dkim' };
    if (!isGm && nations.length === 1) return { ok: true, role: 'player', nation: nations[0][0], via: 'dkim' };
  }

  const guessed = candidate ? [...(isGm && config.gm.secret ? ['gm'] : []), ...nations.filter(([, n]) => n.secret).map(([id]) => id)] : [];
  const where = 'on a line of its own at the top of the email (or as "SECRET: ..." in the subject)';
  if (isGm && !nations.length) {
    if (!config.gm.secret)
      return refuse('NO_GM_SECRET_SET', 'GM commands by email need a GM secret: add "secret:" under gm in game.yaml, then put it in your commands.');
    return candidate
      ? refuse('WRONG_SECRET', 'The secret in this email is not your GM secret; nothing was done.', guessed)
      : refuse('MISSING_GM_SECRET', `GM commands need your GM secret, ${where}.`);
  }
  if (nations.length) {
    const names = nations.map(([, n]) => n.name).join(' or ');
    if (nations.every(([, n]) => !n.secret))
      return refuse('NO_SECRET_SET', `${names} has no secret yet, so Adjutant cannot accept orders for it by email; ask your GM to set one.`);
    if (candidate) return refuse('WRONG_SECRET', `The secret in this email is not the one of ${names}; write it ${where} and send again.`, guessed);
    return refuse('MISSING_SECRET', `The email did not carry the secret of ${names}; write it ${where} and send again.`);
  }
  return refuse(
    'UNKNOWN_SENDER',
    `${from} is not the registered address of any player of "${config.title}". If your address changed, ask your GM to register the new one.`,
  );
}

function refusal(registered: boolean) {
  return (code: string, message: string, wrongSecretFor: string[] = []): Identity => ({ ok: false, code, message, wrongSecretFor, registered });
}
