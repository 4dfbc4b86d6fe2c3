// DKIM, for games that accept a signed email from the registered address in place of the secret.
// mailauth checks the signatures; this decides whether one vouches for an email as orders to this
// game: signed by the sender's own domain (or a parent, where the game allows it), covering From,
// To, Subject, Date and Message-ID, addressed to the game, and recent. So a signed email a player
// sent to someone else, or one sent to the game long ago, cannot be replayed as orders.
import type { DNSResolver } from 'mailauth';

export type { DNSResolver };

/** A signature that verified: its domain, and the header lines it covers. */
export interface DkimSignature {
  domain: string;
  lines: string[];
}

/** Headers a vouching signature must cover; without them a replay could be dressed up as new. */
export const SIGNED_HEADERS = ['from', 'to', 'subject', 'date', 'message-id'] as const;
/** A signed email older than this (by its signed Date) is not taken as orders. */
export const DKIM_MAX_AGE_MS = 3 * 86_400_000;

/** Signatures on this raw message that verify (none when DNS or the signature fails). */
export async function dkimSignatures(raw: Buffer, options: { resolver?: DNSResolver; now: Date }): Promise<DkimSignature[]> {
  try {
    // Loaded on first use: only games that accept DKIM need it, and it is slow to load.
    const { dkimVerify } = await import('mailauth/lib/dkim/verify.js');
    const result = await dkimVerify(raw, { resolver: options.resolver, curTime: options.now });
    return result.results
      .filter((r) => r.status.result === 'pass')
      .map((r) => ({
        domain: r.signingDomain.toLowerCase(),
        lines: ((r as { signingHeaders?: { headers?: string[] } }).signingHeaders?.headers ?? []).map(String),
      }));
  } catch {
    return [];
  }
}

export interface VouchRules {
  from: string;
  /** The game's address: the signed To or Cc must name it. */
  gameAddress: string;
  /** 'exact': the From's own domain only; 'relaxed': a parent domain too (never a bare top-level one). */
  alignment: 'exact' | 'relaxed';
  received: Date;
}

/** True when one of the signatures vouches for this email as sent by `from` to the game, now. */
export function dkimVouches(signatures: readonly DkimSignature[], rules: VouchRules): boolean {
  return signatures.some((s) => signsFor(s.domain, rules.from, rules.alignment) && coversGameMail(s.lines, rules));
}

function coversGameMail(lines: readonly string[], rules: VouchRules): boolean {
  const signed = new Map<string, string>();
  for (const line of lines) {
    const at = line.indexOf(':');
    const name = line.slice(0, at).trim().toLowerCase();
    if (!signed.has(name))
      signed.set(
        name,
        line
          .slice(at + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      );
  }
  if (!SIGNED_HEADERS.every((h) => signed.get(h))) return false;
  const addressed = `${signed.get('to')} ${signed.get('cc') ?? ''}`.toLowerCase();
  if (!new RegExp(`(^|[\\s<,:"])${rules.gameAddress.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s>,"])`).test(addressed)) return false;
  const date = Date.parse(signed.get('date')!);
  const t = rules.received.getTime();
  return Number.isFinite(date) && date > t - DKIM_MAX_AGE_MS && date < t + 3_600_000;
}

/** True when `domain` signed for `address`: the same domain, or with relaxed alignment a parent of it with a dot in it. */
export function signsFor(domain: string, address: string, alignment: 'exact' | 'relaxed' = 'exact'): boolean {
  const own = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  if (own === domain) return true;
  return alignment === 'relaxed' && domain.includes('.') && own.endsWith(`.${domain}`);
}
