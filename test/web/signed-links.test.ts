// The link tokens on their own: what a signature covers, expiry, and the secret's length.
import { describe, expect, it } from 'vitest';
import { readLink, signLink, WebSecretError, type LinkClaims } from '../../src/web/signed-links.ts';

const SECRET = 'a-test-secret-of-more-than-32-characters';
const NOW = new Date('2026-12-01T12:00:00Z');
const claims: LinkClaims = { kind: 'nation', game: 'g1', nation: 'red', generation: 2, expires: NOW.getTime() / 1000 + 60, player: 'p1' };

describe('signed links', () => {
  it('reads back what it signed', () => {
    expect(readLink(SECRET, signLink(SECRET, claims), NOW)).toEqual(claims);
  });

  it('refuses a token changed anywhere, or signed with another secret', () => {
    const token = signLink(SECRET, claims);
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue;
      const changed = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      expect(readLink(SECRET, changed, NOW), `changed at ${i}`).toBeNull();
    }
    expect(readLink(`${SECRET}!`, token, NOW)).toBeNull();
    expect(readLink(SECRET, `${token}x`, NOW)).toBeNull();
    expect(readLink(SECRET, 'x'.repeat(5000), NOW)).toBeNull();
  });

  it('refuses a token past its expiry', () => {
    const token = signLink(SECRET, claims);
    expect(readLink(SECRET, token, new Date(NOW.getTime() + 59_000))).not.toBeNull();
    expect(readLink(SECRET, token, new Date(NOW.getTime() + 60_000))).toBeNull();
  });

  it('will not sign with a short secret', () => {
    expect(() => signLink('short', claims)).toThrow(WebSecretError);
  });
});
