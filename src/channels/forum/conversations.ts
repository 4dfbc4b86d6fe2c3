// The one private conversation the game's account keeps with each member: answers, tickets'
// rulings and notices to a member are written in it rather than each starting a new one, so a
// player's messages stay together and the forum's daily limit on new conversations is not spent
// (Discourse allows an ordinary account 20 new private messages a day). A conversation the forum
// no longer lets us write in (the member left it, a moderator deleted it) is replaced by a new one.
// Owns (src/store/keys.ts): forumKeys conversations.
import type { Redis } from 'ioredis';
import { forumKeys } from '../../store/keys.ts';

export class Conversations {
  constructor(private readonly redis: Redis) {}

  /** The conversation kept with the member, if any. */
  async with(gameId: string, member: string): Promise<string | undefined> {
    return (await this.redis.hget(forumKeys(gameId).conversations, member.toLowerCase())) ?? undefined;
  }

  /** Keeps the conversation the last message to the member went in. */
  async keep(gameId: string, member: string, conversation: string): Promise<void> {
    await this.redis.hset(forumKeys(gameId).conversations, member.toLowerCase(), conversation);
  }
}
