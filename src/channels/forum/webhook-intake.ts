// A forum's webhooks (Discourse's, where its record has one) as a faster path than polling the
// thread: a delivery about a post of the game's topic, signed with the secret the game's forum
// section names, is stored and queued like a polled post before it is answered 200, so a delivery
// the forum retries is harmless (the post's id and version are stored once). A delivery without
// the post's text makes the thread be read at once instead. A post in a private message is never
// taken from the delivery, which does not say whom the message is to (two players' diplomacy looks
// the same): when a player or the GM wrote it, the game account's private messages are read at
// once, through the API that shows only the account's own. Anything unsigned is refused unread.
import type { GameFile } from '../../game/game-file.ts';
import { storedGame } from '../../store/stored-game.ts';
import type { ThreadPost } from './base/forum-adapter.ts';
import type { WebhookPost } from './base/forum-software.ts';
import { forums } from './settings/forums.ts';
import { softwareOf } from './settings/forum-config.ts';
import { takeForumItems, type ForumIntakeDeps } from './forum-intake.ts';
import { ForumMembers, membership } from './forum-members.ts';

export interface WebhookDelivery {
  /** The forum software the delivery says it comes from (its path: /-/forum/<software>/<game>). */
  software: string;
  gameId: string;
  body: Buffer;
  /** The signature header the software's webhook names (Discourse: X-Discourse-Event-Signature). */
  signature?: string;
  /** The event header (Discourse: X-Discourse-Event). */
  event?: string;
}

export interface WebhookAnswer {
  status: number;
  text: string;
}

export interface WebhookIntakeDeps extends ForumIntakeDeps {
  env?: NodeJS.ProcessEnv;
  /** Reads the game's thread and private messages now, when a delivery does not carry the post or is about a private message. */
  readNow?: (gameId: string) => Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;

/** The forum channel's deliveries, at POST /-/forum/<software id>/<game> for a software with webhooks: the web server's hook for the channel. */
export function forumWebhooks(deps: WebhookIntakeDeps) {
  return {
    accepts: (path: readonly string[]) => path.length === 2 && forums.has(path[0]) && forums.get(path[0]).webhook !== undefined,
    take: ({ path: [software, gameId], body, header }: { path: readonly string[]; body: Buffer; header(name: string): string | undefined }) => {
      const hook = forums.get(software).webhook!;
      return takeWebhook(deps, { software, gameId, body, signature: header(hook.signatureHeader), event: header(hook.eventHeader) });
    },
  };
}

export async function takeWebhook(deps: WebhookIntakeDeps, delivery: WebhookDelivery): Promise<WebhookAnswer> {
  const exists = await deps.store.exists(delivery.gameId).catch(() => false);
  const config = exists ? (await storedGame(deps.store, delivery.gameId)).config : undefined;
  const forum = config?.forum;
  const hook = forum?.software === delivery.software ? softwareOf(forum).webhook : undefined;
  if (!config || !forum || !hook || !forum.webhookSecret) return { status: 404, text: `This game takes no ${forums.get(delivery.software).name} webhooks.` };
  const secret = (deps.env ?? process.env)[forum.webhookSecret] ?? '';
  if (delivery.body.length > BODY_LIMIT || !hook.verify(delivery.body, delivery.signature, secret))
    return { status: 401, text: 'The signature does not match the webhook secret.' };
  let payload: unknown;
  try {
    payload = JSON.parse(delivery.body.toString('utf8'));
  } catch {
    return { status: 400, text: 'The body is not JSON.' };
  }
  const post = hook.post(delivery.event, payload);
  if (post?.private) return privateMessage(deps, delivery.gameId, config, post);
  // Other events and other topics are not for the game.
  if (!post || post.topicId !== forum.thread) return { status: 200, text: 'Not a post of the game thread; nothing to do.' };
  if (post.raw === undefined || post.userId === undefined || !post.createdAt) {
    await deps.readNow?.(delivery.gameId);
    return { status: 200, text: 'The thread is read now.' };
  }
  const taken = await takeForumItems(deps, delivery.gameId, [{ channel: 'forum-post', post: threadPost(post) }]);
  return { status: 200, text: taken.length ? 'Stored.' : 'Not for the game; nothing to do.' };
}

async function privateMessage(deps: WebhookIntakeDeps, gameId: string, config: GameFile, post: WebhookPost): Promise<WebhookAnswer> {
  const { who, taken } = membership(config, { id: String(post.userId ?? ''), name: post.username }, await new ForumMembers(deps.store.redis).pins(gameId));
  if (!who && !taken) return { status: 200, text: 'A private message by a member who plays no part; nothing to do.' };
  await deps.readNow?.(gameId);
  return { status: 200, text: 'The private messages are read now.' };
}

function threadPost(post: WebhookPost): ThreadPost {
  return {
    id: String(post.id),
    author: { id: String(post.userId), name: post.username },
    text: post.raw ?? '',
    postedAt: post.createdAt!,
    // The version as the thread reader sees it too (discourse-adapter.ts), so a post delivered and then polled is one message.
    ...(post.updatedAt && post.updatedAt !== post.createdAt && { editedAt: post.updatedAt }),
  };
}
