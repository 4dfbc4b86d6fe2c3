// The generations that make web links revocable, owned here and nowhere else: a nation's link and
// a GM's link are valid only while their generation matches the one stored in Redis, so revoking
// is one INCR, and the next report carries a link of the new generation. A nation's link also
// names (by a hash) the player it was made for, so it stops working once the GM gives the nation
// another player (REPLACE), without anyone having to revoke it.
// Owns (src/store/keys.ts): webKeys nationLinks and WEB_KEYS.gmLinks.
import { createHash, randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { GameStore } from '../store/game-store.ts';
import { webKeys, WEB_KEYS } from '../store/keys.ts';
import { storedGame } from '../store/stored-game.ts';
import { readLink, signLink, type LinkClaims } from './signed-links.ts';

/** How long a link lives; each turn's report brings a fresh one. */
export const LINK_LIFETIME_MS = 60 * 24 * 3600 * 1000;

export class WebLinks {
  constructor(
    private readonly redis: Redis,
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  /**
   * The current generation. The first one is random, not 0: a game deleted and created again under
   * the same id starts afresh, so links to the old game open nothing in the new one.
   */
  private async generation(of: { kind: 'nation'; game: string; nation: string } | { kind: 'gm'; email: string }): Promise<number> {
    const [key, field] = of.kind === 'nation' ? [webKeys(of.game).nationLinks, of.nation] : [WEB_KEYS.gmLinks, of.email];
    let raw = await this.redis.hget(key, field);
    if (raw === null) {
      await this.redis.hsetnx(key, field, String(randomInt(1, 2 ** 47)));
      raw = (await this.redis.hget(key, field)) ?? '0';
    }
    return Number(raw);
  }

  /** Who plays the nation now, as a short hash of the address game.yaml gives ('' for nobody). */
  private async player(game: string, nation: string): Promise<string> {
    const store = new GameStore(this.redis);
    const email = (await store.exists(game)) ? ((await storedGame(store, game)).config.nations[nation]?.player?.email ?? '') : '';
    return email ? createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 16) : '';
  }

  private expires(): number {
    return Math.floor((this.now().getTime() + LINK_LIFETIME_MS) / 1000);
  }

  /** A token for a nation's private page, of the nation's current generation. */
  async nationToken(game: string, nation: string): Promise<string> {
    const generation = await this.generation({ kind: 'nation', game, nation });
    return signLink(this.secret, { kind: 'nation', game, nation, generation, expires: this.expires(), player: await this.player(game, nation) });
  }

  async gmToken(email: string): Promise<string> {
    const address = email.toLowerCase();
    const generation = await this.generation({ kind: 'gm', email: address });
    return signLink(this.secret, { kind: 'gm', email: address, generation, expires: this.expires() });
  }

  /** The claims of a token that is signed, unexpired, of the current generation and (a nation's) of its current player; null otherwise. */
  async check(token: string): Promise<LinkClaims | null> {
    const claims = readLink(this.secret, token, this.now());
    if (!claims || claims.generation !== (await this.generation(claims))) return null;
    if (claims.kind === 'nation' && claims.player !== (await this.player(claims.game, claims.nation))) return null;
    return claims;
  }

  /** Every private-page link of the nation sent so far stops working. */
  async revokeNation(game: string, nation: string): Promise<void> {
    await this.redis.hincrby(webKeys(game).nationLinks, nation, 1);
  }

  async revokeGm(email: string): Promise<void> {
    await this.redis.hincrby(WEB_KEYS.gmLinks, email.toLowerCase(), 1);
  }
}
