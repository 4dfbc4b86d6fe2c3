// Who is writing. An email counts for a nation only when it comes from the nation's registered
// address AND carries the nation's secret (or, where the game allows it, a DKIM signature of that
// address's domain). The GM likewise: the GM's address plus the GM's secret, DKIM, or the token of
// a ticket the GM was sent. Anything else changes nothing and is told why.
import type { GameFile } from '../game/game-file.ts';
import { signsFor } from './dkim.ts';
import type { IncomingMail } from './read-mail.ts';
import { carriesSecret } from './secret.ts';

export type Identity =
  | { ok: true; role: 'gm'; via: 'secret' | 'dkim' | 'ticket' }
  | { ok: true; role: 'player'; nation: string; via: 'secret' | 'dkim' }
  | { ok: false; code: string; message: string };

export interface SenderEvidence {
  /** Domains with a passing DKIM signature; asked only when the game enables DKIM and a secret is missing. */
  dkimDomains: () => Promise<string[]>;
  /** The mail answers a ticket whose token only the GM was sent. */
  ticketToken: boolean;
}

export async function identifySender(config: GameFile, mail: IncomingMail, dkimEnabled: boolean, evidence: SenderEvidence): Promise<Identity> {
  const from = mail.from;
  if (!from) return { ok: false, code: 'NO_SENDER', message: 'The email has no single From address, so Adjutant cannot tell who sent it.' };
  const searchable = `${mail.subject}\n${mail.text}`;
  const isGm = config.gm.email.toLowerCase() === from;
  const nations = Object.entries(config.nations).filter(([, n]) => n.player?.email.toLowerCase() === from);

  if (isGm && carriesSecret(searchable, config.gm.secret)) return { ok: true, role: 'gm', via: 'secret' };
  const bySecret = nations.filter(([, n]) => carriesSecret(searchable, n.secret));
  if (bySecret.length === 1) return { ok: true, role: 'player', nation: bySecret[0][0], via: 'secret' };
  if (bySecret.length > 1) {
    return { ok: false, code: 'TWO_SECRETS', message: `The email carries the secrets of ${bySecret.map(([, n]) => n.name).join(' and ')}; send one email per nation.` };
  }
  if (isGm && evidence.ticketToken) return { ok: true, role: 'gm', via: 'ticket' };

  if ((isGm || nations.length) && dkimEnabled) {
    const domains = await evidence.dkimDomains();
    if (domains.some((d) => signsFor(d, from))) {
      if (isGm && !nations.length) return { ok: true, role: 'gm', via: 'dkim' };
      if (!isGm && nations.length === 1) return { ok: true, role: 'player', nation: nations[0][0], via: 'dkim' };
    }
  }

  if (isGm && !nations.length) {
    return config.gm.secret
      ? { ok: false, code: 'MISSING_GM_SECRET', message: 'GM commands need your GM secret in the email (on a line of its own, or in the subject).' }
      : { ok: false, code: 'NO_GM_SECRET_SET', message: 'GM commands by email need a GM secret: add "secret:" under gm in game.yaml, then put it in your commands.' };
  }
  if (nations.length) {
    const names = nations.map(([, n]) => n.name).join(' or ');
    if (nations.every(([, n]) => !n.secret)) {
      return { ok: false, code: 'NO_SECRET_SET', message: `${names} has no secret yet, so Adjutant cannot accept orders for it by email; ask your GM to set one.` };
    }
    return { ok: false, code: 'MISSING_SECRET', message: `The email did not carry the secret of ${names}; put it on a line of its own (or in the subject) and send again.` };
  }
  return { ok: false, code: 'UNKNOWN_SENDER', message: `${from} is not the registered address of any player of "${config.title}". If your address changed, ask your GM to register the new one.` };
}
