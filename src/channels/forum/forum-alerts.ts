// Mail the GM gets about the game's forum: a post the forum refused for good (set aside until
// `adjutant dead-letter retry`), the forum holding our posts back, the key's daily request
// allowance spent (the reader's and the poster's news alike), a post waiting for the forum's
// moderators, and what Adjutant cannot post itself (private messages on phpBB) for the GM to pass
// on. Each is recorded in the mail outbox under a key naming what it is about, so it is sent once
// however often the fault is seen.
import { taggedSubject } from '../../game/subject-tag.ts';
import { ALERT_PREFIX, type AlertDeps } from '../../messages/gm-alerts.ts';
import type { PostOutboxEntry } from '../../store/post-outbox.ts';
import { storedGame } from '../../store/stored-game.ts';
import type { ForumAlert } from './forum-poster.ts';

// Mail alerts share this prefix, so an alert that cannot be sent is never alerted about again.
const KEY_PREFIX = `${ALERT_PREFIX}forum:`;

export async function forumAlert(deps: AlertDeps, gameId: string, alert: ForumAlert): Promise<void> {
  if (alert.kind === 'allowance-spent' && (await toldOfAllowanceNear(deps, gameId, alert.resumesAt))) return;
  const { config } = await storedGame(deps.store, gameId);
  const [key, subject, lines] = alertText(gameId, alert, deps.now());
  await deps.outbox.record(gameId, {
    key: `${KEY_PREFIX}${key}`,
    from: config.mailbox ?? deps.address,
    to: [config.gm.email],
    subject: taggedSubject(gameId, subject),
    text: `${lines.join('\n\n')}\n`,
    headers: { 'Auto-Submitted': 'auto-generated' },
    // A post to paste travels with its images, to upload with it.
    ...(alert.kind === 'pass-on' && alert.entry.kind === 'post' && alert.entry.images.length ? { attachments: alert.entry.images } : {}),
  });
  deps.logger.warn({ gameId, alert: key }, subject);
}

function alertText(gameId: string, alert: ForumAlert, now: Date): [string, string, string[]] {
  switch (alert.kind) {
    case 'allowance-spent':
      return allowanceText(alert);
    case 'set-aside':
      return [
        `set-aside:${alert.entry.key}`,
        'A forum post could not be made',
        [
          `${describe(alert.entry)} could not be made and is set aside, so the thread does not have it yet: ${alert.error}`,
          ...(alert.waiting.length ? [`Waiting for it, to follow it into the thread: ${alert.waiting.join(', ')}.`] : []),
          `Nothing is lost. Once the cause is fixed (a new API key, the thread id in game.yaml), run: adjutant dead-letter retry ${gameId} ${alert.entry.key}`,
        ],
      ];
    case 'rate-limited':
      // One notice an hour is enough to say that posts are held back.
      return [
        `rate-limited:${now.toISOString().slice(0, 13)}`,
        "The forum is holding back Adjutant's posts",
        [
          `The forum asked Adjutant to wait before posting again: ${alert.error}`,
          `Adjutant waits ${Math.ceil(alert.holdMs / 1000)} seconds and posts then; nothing is lost, but the thread gets its posts late.`,
        ],
      ];
    case 'held':
      return [
        `held:${alert.entry.key}`,
        'A forum post is waiting for the moderators',
        [
          `${describe(alert.entry)} was taken by the forum but is held for its moderators to approve, so the thread does not show it yet.`,
          'It appears once they approve it; you may ask them to. If they reject it, please post it by hand:',
          alert.entry.text,
        ],
      ];
    case 'images-left-out':
      return [
        `images-left-out:${alert.entry.key}`,
        'A forum post went out without its map',
        [
          `${describe(alert.entry)} was posted, but the forum refused its images, so it shows no map: ${alert.reason}`,
          `The images are on the server: ${alert.images.join(', ')}. You may attach them to the post by hand; to have them attached from now on, ask the board's moderators to let the game's account attach files (adjutant forum test says whether it may).`,
        ],
      ];
    case 'pass-on':
      return [
        `pass-on:${alert.entry.key}`,
        passOnSubject(alert.entry),
        [
          `Adjutant cannot do this itself (${alert.reason}), so please do it by hand. ${describe(alert.entry)}:`,
          alert.entry.kind === 'private' ? `Title: ${alert.entry.title}\n\n${alert.entry.text}` : alert.entry.text,
        ],
      ];
  }
}

/** When the key's requests resume, to the minute: the forum's wait is given in seconds from a refusal, and varies by them. */
const resumeMinute = (resumesAt: Date) => new Date(Math.ceil(resumesAt.getTime() / 60_000) * 60_000);
const allowanceKey = (resumes: Date) => `allowance-spent:${resumes.toISOString().slice(0, 13)}`;

/**
 * Every refusal until the window ends names the same moment, give or take the seconds a request
 * takes, so a moment by the turn of an hour may be keyed by either hour: the notice keyed by the
 * hour before or after is the same one. A day's window is never this close to the next.
 */
async function toldOfAllowanceNear(deps: AlertDeps, gameId: string, resumesAt: Date): Promise<boolean> {
  const hour = 3_600_000;
  const resumes = resumeMinute(resumesAt).getTime();
  for (const near of [resumes - hour, resumes + hour]) if (await deps.outbox.entry(gameId, `${KEY_PREFIX}${allowanceKey(new Date(near))}`)) return true;
  return false;
}

/**
 * The key's requests for the day are spent: one notice for reading and posting alike, keyed by the
 * hour they resume, which every refusal until then names (the limit's window ends at one moment).
 */
function allowanceText(alert: ForumAlert & { kind: 'allowance-spent' }): [string, string, string[]] {
  const resumes = resumeMinute(alert.resumesAt);
  return [
    allowanceKey(resumes),
    "The forum's daily request allowance for Adjutant is spent",
    [
      `The forum lets Adjutant's key make only so many requests in 24 hours, and they are spent, so Adjutant neither reads the game's thread nor posts until ${resumes.toISOString().slice(0, 16).replace('T', ' ')} UTC. The forum said: ${alert.error}`,
      'Nothing is lost: posts and private messages wait in line and go out then, and the thread is read from where it stopped; orders posted meanwhile are judged by when the forum says they were written, not when they are read.',
      "Only whoever hosts the forum can raise the allowance (on Discourse, max_user_api_reqs_per_day for a member's user API key; an administrator's key has no daily limit).",
    ],
  ];
}

function passOnSubject(entry: PostOutboxEntry): string {
  if (entry.kind === 'private') return `Please pass on a private message to ${entry.to.join(', ')}`;
  return entry.kind === 'edit' ? 'Please mark a withdrawn update in the game thread' : 'Please post this into the game thread';
}

function describe(entry: PostOutboxEntry): string {
  if (entry.kind === 'edit') return `The edit marking the post "${entry.of}" in the game thread withdrawn`;
  return entry.kind === 'private' ? `The private message "${entry.title}" to ${entry.to.join(', ')}` : `The post "${entry.key}" into the game thread`;
}
