// Whether the From address of a refused email is really its sender's, so that the refusal may be
// sent to it. A forged sender must get nothing: answering every forgery sends mail to addresses
// that never wrote (backscatter), and each of those the receiving server rejects came back to
// the GM. A stranger proves the address by a DKIM signature of its own domain; a registered
// address (a player's, the GM's) also by SPF or DMARC, read from the Received header the
// mailbox's own server wrote on top, where it names the connecting server's address.
import type { DNSResolver } from 'mailauth';
import { dkimSignatures } from './dkim.ts';

export type SenderProof = 'dkim' | 'spf' | 'dmarc';

export interface ProofOptions {
  resolver?: DNSResolver;
  now: Date;
  /** The From address is a player's or the GM's (SPF and DMARC count only for those). */
  registered: boolean;
  /** DNS answers slower than this count as no proof: an attacker's name server must not stall the game's mail. */
  timeoutMs?: number;
}

const PROOF_TIMEOUT_MS = 5000;

/** How the email proves its From address, or null when it does not (or DNS did not answer in time). */
export async function senderProof(raw: Buffer, from: string, options: ProofOptions): Promise<SenderProof | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), options.timeoutMs ?? PROOF_TIMEOUT_MS)));
  try {
    return await Promise.race([options.registered ? authenticated(raw, from, options) : signed(raw, from, options), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

async function signed(raw: Buffer, from: string, options: ProofOptions): Promise<SenderProof | null> {
  const signatures = await dkimSignatures(raw, { resolver: options.resolver, now: options.now });
  return signatures.some((s) => aligned(s.domain, domainOf(from))) ? 'dkim' : null;
}

async function authenticated(raw: Buffer, from: string, options: ProofOptions): Promise<SenderProof | null> {
  // Loaded on first use, as dkim.ts does: it is slow to load.
  const { authenticate } = await import('mailauth');
  const result = await authenticate(raw, { trustReceived: true, resolver: options.resolver, disableArc: true, disableBimi: true, mta: 'adjutant' });
  const own = domainOf(from);
  if (result.dkim.results.some((r) => r.status.result === 'pass' && aligned(r.signingDomain.toLowerCase(), own))) return 'dkim';
  if (result.dmarc && result.dmarc.status.result === 'pass') return 'dmarc';
  if (result.spf && result.spf.status.result === 'pass' && aligned(result.spf.domain.toLowerCase(), own)) return 'spf';
  return null;
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** One domain is the other or a parent of it, as DMARC's relaxed alignment has it (never a bare top-level domain). */
function aligned(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.includes('.') && long.endsWith(`.${short}`);
}
