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

const credentialsSchema = z.strictObject({
  /** The API key's variable. */
  key: envName.optional(),
  /** XenForo: the user a super-user key posts as; Discourse: the Api-Username. */
  user: envName.optional(),
  /** Instead of key and user, where the software has them: a member's own key (Discourse's user API key, `adjutant forum authorize`). */
  userApiKey: envName.optional(),
  /** With userApiKey: the client id it was approved for, sent with it. */
  userApiClientId: envName.optional(),
  /** Instead of a key, where the software allows it: an ordinary member's name (or email) and password, for the board's login form. */
  login: envName.optional(),
  password: envName.optional(),
  /** Or the "stay logged in" cookie of a browser logged in as that member (XenForo's xf_user), for a board whose login asks for a CAPTCHA or a second step. */
  sessionCookie: envName.optional(),
});

export const forumSchema = z
  .strictObject({
    software: softwareId,
    /** XenForo: the API root (https://forums.example.com/api); Discourse and phpBB: the forum's address. */
    url: z.url({ protocol: /^https?$/, error: "write the forum's address, starting with https://" }),
    /** The game thread's id (XenForo) or topic id (Discourse, phpBB), as in its address. */
    thread: z.number().int().positive(),
    /** The markup of the update posted there; by default the forum's own. */
    flavour: softwareId.optional(),
    credentials: credentialsSchema.optional(),
    /**
     * Also post the schedule's reminders into the thread (the deadline, and which nations have no
     * orders yet): true for every reminder, or the ones to post, like ["24h"]. XenForo and Discourse.
     */
    reminders: z.union([z.boolean(), z.array(z.string().regex(/^\d+(m|h|d|w)$/, 'write a reminder of schedule.reminders, like "24h"'))]).default(false),
    /** Keep a status post at the top of Adjutant's posts in the thread, edited as orders come in, the deadline moves and updates go out. */
    status: z.boolean().default(false),
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
    for (const issue of credentialIssues(software, forum.credentials)) ctx.addIssue({ code: 'custom', ...issue });
    if (!postsWith(software, forum.credentials) && forum.reminders !== false)
      ctx.addIssue({
        code: 'custom',
        path: ['reminders'],
        message: `${software.name} has no API to post with, so Adjutant cannot post reminders there: remove reminders${asMember(software)}`,
      });
    if (!postsWith(software, forum.credentials) && forum.status)
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: `${software.name} has no API to post with, so Adjutant cannot keep a status post there: remove status${asMember(software)}`,
      });
  });

type Credentials = z.infer<typeof credentialsSchema>;

/**
 * The credentials are one way, never two: an API key (with its user where the software needs
 * one), or, where the software has them, a member's own key (credentials.userApiKey) or a member's
 * login (credentials.login and password, or sessionCookie).
 */
function credentialIssues(software: ForumSoftware, given: Credentials | undefined): Array<{ path: string[]; message: string }> {
  if (given?.login || given?.password || given?.sessionCookie) return loginIssues(software, given);
  const { key, user } = software.credentials;
  const member = software.authorize;
  if (given?.userApiKey && !member)
    return [
      {
        path: ['credentials', 'userApiKey'],
        message: `${software.name} has no user API keys: give credentials.key, the name of the variable holding its API key`,
      },
    ];
  if (given?.userApiKey && (given.key || given.user))
    return [
      {
        path: ['credentials'],
        message: `give either credentials.userApiKey (${member!.is}) or credentials.key and credentials.user (an administrator's API key), not both`,
      },
    ];
  if (given?.userApiKey) return [];
  if (given?.userApiClientId)
    return [{ path: ['credentials', 'userApiClientId'], message: 'userApiClientId goes with credentials.userApiKey: give that too, or remove it' }];
  const or = member
    ? ` (or credentials.userApiKey: ${member.is}, see adjutant forum authorize)`
    : software.memberLogin
      ? " (or, with an ordinary member's account, credentials.login and credentials.password: docs/forums.md)"
      : '';
  if (key === 'required' && !given?.key)
    return [
      {
        path: given ? ['credentials', 'key'] : ['credentials'],
        message: `${software.name} needs an API key: give credentials.key, the name of the environment variable holding it${or}`,
      },
    ];
  if (user.need === 'required' && !given?.user)
    return [
      {
        path: ['credentials', 'user'],
        message: `${software.name} needs ${user.is}: give credentials.user, the name of the environment variable holding it${or}`,
      },
    ];
  return [];
}

/** A member's login: the name and password together, or the remembered cookie, and then no key. */
function loginIssues(software: ForumSoftware, given: Credentials): Array<{ path: string[]; message: string }> {
  const issue = (path: string[], message: string) => [{ path: ['credentials', ...path], message }];
  if (!software.memberLogin)
    return issue(
      [],
      `${software.name} takes no member's login or session cookie here: give credentials.key${software.authorize ? ` or credentials.userApiKey (${software.authorize.is})` : ''}`,
    );
  if (given.key || given.user || given.userApiKey)
    return issue([], "give either a member's login (credentials.login and password, or sessionCookie) or an API key, not both");
  if (given.sessionCookie && (given.login || given.password)) return issue([], 'give credentials.login and password, or credentials.sessionCookie, not both');
  if (!given.sessionCookie && !(given.login && given.password))
    return issue(
      [given.login ? 'password' : 'login'],
      "credentials.login and credentials.password go together: give both, the names of the environment variables holding the account's name and password",
    );
  return [];
}

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
  return postsWith(softwareOf(forum), forum.credentials);
}

/** What a GM may do instead of giving up a post, on a software that posts as a logged-in member. */
function asMember(software: ForumSoftware): string {
  return software.memberLogin ? ", or give an ordinary member's login in credentials (login and password), as which it posts (docs/forums.md)" : '';
}

/** A software that posts only as a member (phpBB) posts when game.yaml gives a member's login. */
function postsWith(software: ForumSoftware, given: Credentials | undefined): boolean {
  return software.posts || (!!software.memberLogin && !!(given?.login || given?.sessionCookie));
}

/** How often the game's thread is read: `everyMs`, or less often on a member's key with request limits of its own. */
export function readEveryMsOf(forum: ForumConfig, everyMs: number): number {
  const member = forum.credentials?.userApiKey ? softwareOf(forum).authorize : undefined;
  return Math.max(everyMs, member?.readEveryMs ?? 0);
}

/** Whether the schedule's reminder at `offset` ("24h") is also posted into the thread. */
export function postsReminder(forum: ForumConfig | undefined, offset: string): boolean {
  if (!forum || !forumPosts(forum)) return false;
  return forum.reminders === true || (Array.isArray(forum.reminders) && forum.reminders.includes(offset));
}

/** The game's thread on its forum, as src/channels/settings/index.ts describes it to the rest of the service. */
export function forumThread(forum: ForumConfig) {
  return {
    posts: forumPosts(forum),
    flavour: forumFlavour(forum),
    markdown: flavourOf(forum).format === 'md',
    postLimit: postLimitOf(forum),
    reminds: (offset: string) => postsReminder(forum, offset),
    status: forumPosts(forum) && forum.status,
    place: 'the forum thread',
  };
}

/** What the forum section says that only the rest of game.yaml can check: its reminders in the schedule's, its players' nations in the game. */
export function checkForumAgainstGame(
  forum: ForumConfig,
  game: { reminders: readonly string[]; nations: readonly string[] },
): Array<{ path: string[]; message: string }> {
  const reminders = Array.isArray(forum.reminders) ? forum.reminders : [];
  return [
    ...reminders
      .filter((offset) => !game.reminders.includes(offset))
      .map((offset) => ({
        path: ['reminders'],
        message: `"${offset}" is not one of schedule.reminders (${game.reminders.join(', ') || 'none'}); the thread gets only reminders the schedule sends`,
      })),
    ...Object.entries(forum.players)
      .filter(([, nation]) => !game.nations.includes(nation))
      .map(([member, nation]) => ({
        path: ['players', member],
        message: `there is no nation "${nation}" in this game (nations: ${game.nations.join(', ')})`,
      })),
  ];
}

/** Where the forum section names the nation's player: the member entries that play it. */
export function forumPlayerEntries(forum: ForumConfig, nation: string): string[][] {
  return Object.entries(forum.players)
    .filter(([, of]) => of === nation)
    .map(([member]) => ['players', member]);
}
