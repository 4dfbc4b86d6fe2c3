// The `forum:` section of game.yaml: which forum the game's thread is on, how Adjutant reaches it
// (credentials by the names of environment variables, never the secrets themselves), which markup
// its update uses, and which forum member plays which nation (docs/forums.md).
import { z } from 'zod';
import type { ForumFlavour, ForumSoftware } from '../base/forum-software.ts';
import { forumIds, forums } from './forums.ts';

/** The id of a registered forum software, checked when read (a software may be registered after this module loads). */
const softwareId = z
  .string()
  .refine((id) => forums.has(id), { error: (issue) => `there is no forum software "${String(issue.input)}"; write one of ${forumIds().join(', ')}` });

const envName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'write the name of an environment variable (like XF_API_KEY), not the secret itself');

export const forumSchema = z
  .strictObject({
    software: softwareId,
    /** XenForo: the API root (https://forums.example.com/api); Discourse and phpBB: the forum's address. */
    url: z.url({ protocol: /^https?$/, error: "write the forum's address, starting with https://" }),
    /** The game thread's id (XenForo) or topic id (Discourse, phpBB), as in its address. */
    thread: z.number().int().positive(),
    /** The markup of the update posted there; by default the forum's own. */
    flavour: softwareId.optional(),
    credentials: z
      .strictObject({
        /** The API key's variable. */
        key: envName,
        /** XenForo: the user a super-user key posts as; Discourse: the Api-Username. */
        user: envName.optional(),
      })
      .optional(),
    /**
     * Also post the schedule's reminders into the thread (the deadline, and which nations have no
     * orders yet): true for every reminder, or the ones to post, like ["24h"]. XenForo and Discourse.
     */
    reminders: z.union([z.boolean(), z.array(z.string().regex(/^\d+(m|h|d|w)$/, 'write a reminder of schedule.reminders, like "24h"'))]).default(false),
    /** Forum member name -> nation id: whose posts are read as whose orders. */
    players: z.record(z.string().min(1), z.string().min(1)).default({}),
    /** The GM's forum member name: GM commands and ticket answers by private message or [orders] block. */
    gm: z.string().min(1).optional(),
    /**
     * private: orders belong in private messages; an [orders] block in the thread is still read, and
     * its author is warned that everyone can see it. public: the game orders in the open.
     */
    orders: z.enum(['private', 'public']).default('private'),
    /** How a forum player's confirmation goes: a forum private message, or email to the nation's registered address. */
    confirm: z.enum(['private', 'email']).default('private'),
    /** Posts and private messages written before this time are the thread's history, never read as orders; by default, the time the game was imported. */
    since: z.iso.datetime({ offset: true, error: 'write a time with its zone, like 2026-12-01T20:00:00Z' }).optional(),
    /** The characters a post may hold on this board, when its staff changed the software's default: a longer update goes out in several posts. */
    postLimit: z.number().int().min(1000, 'a post must hold at least 1000 characters').optional(),
    /** Discourse: the NAME of the environment variable holding the webhook's secret (deliveries are checked with it). */
    webhookSecret: envName.optional(),
  })
  .superRefine((forum, ctx) => {
    if (!forums.has(forum.software)) return;
    const software = forums.get(forum.software);
    const { key, user } = software.credentials;
    if (key === 'required' && !forum.credentials)
      ctx.addIssue({
        code: 'custom',
        path: ['credentials'],
        message: `${forum.software} needs an API key: give credentials.key, the name of the environment variable holding it`,
      });
    if (!software.posts && forum.reminders !== false)
      ctx.addIssue({
        code: 'custom',
        path: ['reminders'],
        message: `${software.name} has no API to post with, so Adjutant cannot post reminders there: remove reminders`,
      });
    if (user.need === 'required' && forum.credentials && !forum.credentials.user)
      ctx.addIssue({
        code: 'custom',
        path: ['credentials', 'user'],
        message: `${software.name} needs ${user.is}: give credentials.user, the name of the environment variable holding it`,
      });
  });

export type ForumConfig = z.infer<typeof forumSchema>;

/** The characters one post may hold on the game's forum: game.yaml's postLimit, else the software's default. */
export function postLimitOf(forum: ForumConfig): number {
  return forum.postLimit ?? softwareOf(forum).postLimit;
}

/** The software the game's forum runs. */
export function softwareOf(forum: ForumConfig): ForumSoftware {
  return forums.get(forum.software);
}

/** The id of the update's flavour on this forum: its own unless game.yaml names another. */
export function forumFlavour(forum: ForumConfig): string {
  return forum.flavour ?? forum.software;
}

/** The update's flavour on this forum. */
export function flavourOf(forum: ForumConfig): ForumFlavour {
  return forums.get(forumFlavour(forum)).flavour;
}

/** Whether Adjutant posts into this forum itself (without an API to post with, the GM pastes). */
export function forumPosts(forum: ForumConfig): boolean {
  return softwareOf(forum).posts;
}

/** Whether the schedule's reminder at `offset` ("24h") is also posted into the thread. */
export function postsReminder(forum: ForumConfig | undefined, offset: string): boolean {
  if (!forum || !forumPosts(forum)) return false;
  return forum.reminders === true || (Array.isArray(forum.reminders) && forum.reminders.includes(offset));
}
