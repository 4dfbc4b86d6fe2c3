// DKIM, for games that accept a signed email from the registered address in place of the secret.
// mailauth does the checking; this only asks which domains signed the message validly.
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import type { DNSResolver } from 'mailauth';

export type { DNSResolver };

/** Domains with a passing DKIM signature on this raw message (none when DNS or the signature fails). */
export async function dkimPassingDomains(raw: Buffer, options: { resolver?: DNSResolver; now: Date }): Promise<string[]> {
  try {
    const result = await dkimVerify(raw, { resolver: options.resolver, curTime: options.now });
    return result.results.filter((r) => r.status.result === 'pass').map((r) => r.signingDomain.toLowerCase());
  } catch {
    return [];
  }
}

/** True when `domain` signed for `address`: the same domain, or a parent of it ("relaxed" alignment). */
export function signsFor(domain: string, address: string): boolean {
  const own = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return own === domain || own.endsWith(`.${domain}`);
}
