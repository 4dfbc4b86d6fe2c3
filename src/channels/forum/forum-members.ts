// Who a forum account is in a game. game.yaml names members (`forum.players`, `forum.gm`) by the
// name the forum shows, but a name can change hands: a player renames, and a newcomer takes the
// old name. So the first account seen writing under a member name of the game is pinned to it,
// and from then on the account is that member whatever name it shows, while another account
// showing the name is not. `adjutant forum forget` lets a pin go (a player moving to a new account).
// Owns (src/store/keys.ts): forumKeys members.
import type { Redis } from 'ioredis';
import type { GameFile } from '../../game/game-file.ts';
import { forumKeys } from '../../store/keys.ts';
import { loadLua } from '../../store/lua.ts';
import type { ForumUser } from './base/forum-adapter.ts';

export type ForumRole = { role: 'gm' } | { role: 'player'; nation: string };

/** Member name (lower case) -> the account id pinned to it. */
export type MemberPins = Readonly<Record<string, string>>;

export interface Membership {
  /** Whose the account is in this game; null for someone who plays no part. */
  who: ForumRole | null;
  /** A member name of the game no account holds yet, shown by this one: pinned to it when its message is read. */
  pin?: string;
  /** A member name of the game this account shows, though another account holds it. */
  taken?: string;
}

/** The part a name plays in the game by game.yaml alone: the GM's, a nation's player's, or none. */
function roleOfName(config: GameFile, name: string): ForumRole | null {
  const forum = config.forum;
  if (!forum) return null;
  const same = (member: string) => member.toLowerCase() === name;
  if (forum.gm && same(forum.gm)) return { role: 'gm' };
  const nation = Object.entries(forum.players).find(([member]) => same(member))?.[1];
  return nation && config.nations[nation] ? { role: 'player', nation } : null;
}

/**
 * Whose the account is: the member whose name it held when first seen, while that name is still
 * the game's (it may show another name since); else the member of the name it shows, unless
 * another account holds that name. Names ignore case.
 */
export function membership(config: GameFile, author: ForumUser, pins: MemberPins): Membership {
  const name = author.name.toLowerCase();
  const held = Object.entries(pins).find(([pinned, id]) => id === author.id && pinned !== name)?.[0];
  const byHeld = held === undefined ? null : roleOfName(config, held);
  if (byHeld) return { who: byHeld };
  const byName = roleOfName(config, name);
  if (!byName) return { who: null };
  const holder = pins[name];
  if (holder === undefined) return { who: byName, pin: name };
  return holder === author.id ? { who: byName } : { who: null, taken: author.name };
}

const PIN = loadLua(import.meta.url, 'member-pin.lua');

export class ForumMembers {
  constructor(private readonly redis: Redis) {}

  /**
   * The names held. A pin whose account is the name itself holds nothing: it was made when phpBB
   * accounts were known by name, and the first account seen by its user id under the name takes it.
   */
  async pins(gameId: string): Promise<MemberPins> {
    const all = await this.redis.hgetall(forumKeys(gameId).members);
    return Object.fromEntries(Object.entries(all).filter(([name, account]) => account.toLowerCase() !== name));
  }

  /** Pins the name to the account, unless an account holds it already (the first seen keeps it). */
  async pin(gameId: string, name: string, accountId: string): Promise<void> {
    await this.redis.eval(PIN, 1, forumKeys(gameId).members, name.toLowerCase(), accountId);
  }

  /** Lets the name go: the next account seen writing under it is pinned to it. Says whether it was held. */
  async forget(gameId: string, name: string): Promise<boolean> {
    return (await this.redis.hdel(forumKeys(gameId).members, name.toLowerCase())) === 1;
  }
}
