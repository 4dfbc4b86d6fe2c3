// The GM moved the clock or the game, or gave a nation to a new player: every player hears it (one
// short mail each, in their own time zone) and so does the thread (one post, where the game posts
// into its thread). Written once the commands have run, from what they did and the game as it then
// is, and recorded by keys that name the command, so a rerun after a crash tells nobody twice.
import { threadOf } from '../channels/settings/index.ts';
import type { Game } from '../game/open-game.ts';
import { shortPostMarkup } from '../render/escape.ts';
import { endWords } from '../render/game-over.ts';
import type { ThreadItem } from '../store/post-outbox.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { GameStatus } from '../turns/game-control.ts';
import { playerNations } from '../turns/turn-runtime.ts';
import type { Effect } from './command-effects.ts';
import { letterheadOf, type MessageDeps } from './message-context.ts';
import { compose } from './replies.ts';
import { formatTime } from './time-text.ts';

export type Announced = Extract<Effect, { name: 'extend' | 'deadline' | 'pause' | 'resume' | 'rollback' | 'end' }>;
const ANNOUNCED: ReadonlySet<string> = new Set<Announced['name']>(['extend', 'deadline', 'pause', 'resume', 'rollback', 'end']);
const announced = (e: Effect): e is Announced => ANNOUNCED.has(e.name);

export interface Announcements {
  mails: OutgoingMessage[];
  posts: ThreadItem[];
}

/** The GM's commands players hear of: those that move the clock or the game, and were done (their outcome begins "Done:"). */
export function toAnnounce(effects: readonly Effect[], said: Record<string, string>): Announced[] {
  return effects.filter(announced).filter((e) => said[e.key]?.startsWith('Done:'));
}

/** What players and the thread are told of these commands, with the game as it is after them. */
export function announcements(deps: Pick<MessageDeps, 'address'>, game: Game, status: GameStatus | null, done: readonly Announced[]): Announcements {
  const told = done.map((effect) => tellEveryone(deps, game, `announce:${effect.key}`, (when) => news(effect, game, status, when)));
  return { mails: told.flatMap((t) => t.mails), posts: told.flatMap((t) => t.posts) };
}

/**
 * The GM gave a nation to a new player (REPLACE): the other players and the thread hear that it
 * has one (never who), and the former player that they no longer play it. The new player gets
 * the welcome mail instead.
 */
export function replacementNews(deps: Pick<MessageDeps, 'address'>, game: Game, nation: string, key: string, formerAddress?: string): Announcements {
  const name = game.config.nations[nation]?.name ?? nation;
  const told = tellEveryone(deps, game, key, () => ({ subject: `${name} has a new player`, text: `The GM gave ${name} to a new player.` }), nation);
  if (!formerAddress) return told;
  const former = compose(letterheadOf(game, deps.address), {
    key: `${key}:former`,
    to: formerAddress,
    subject: `You no longer play ${name}`,
    template: 'notice',
    data: {
      gameTitle: game.config.title,
      paragraphs: [`The GM gave ${name} to a new player: orders for it are no longer taken from this address. Thank you for playing.`],
    },
  });
  return { mails: [...told.mails, former], posts: told.posts };
}

/** One piece of news for every player but `except` (one mail each, times in their own zone) and the thread (one post). */
function tellEveryone(
  deps: Pick<MessageDeps, 'address'>,
  game: Game,
  key: string,
  said: (when: (d: Date) => string) => { subject: string; text: string },
  except?: string,
): Announcements {
  const out: Announcements = { mails: [], posts: [] };
  const head = letterheadOf(game, deps.address);
  const { config } = game;
  for (const nation of playerNations(config)) {
    if (nation === except) continue;
    const zone = config.nations[nation].player?.timezone ?? config.timezone;
    const { subject, text } = said((d) => formatTime(d, zone));
    out.mails.push(
      compose(head, {
        key: `${key}:${nation}`,
        to: config.nations[nation].player!.email,
        subject,
        template: 'notice',
        data: { gameTitle: config.title, paragraphs: [text] },
      }),
    );
  }
  const thread = threadOf(config);
  if (thread?.posts) {
    const { bold, escape } = shortPostMarkup(thread.markdown);
    const { subject, text } = said((d) => formatTime(d, config.timezone));
    out.posts.push({ kind: 'post', key, text: `${bold(escape(subject))}\n\n${escape(text)}`, images: [] });
  }
  return out;
}

/** The news in a line and a sentence, with the GM's reason when given: the same for every player but for the time zone. */
function news(effect: Announced, game: Game, status: GameStatus | null, when: (d: Date) => string): { subject: string; text: string } {
  const { subject, text } = effect.name === 'end' ? ended(game, status) : change(effect, status, when);
  return { subject, text: effect.reason ? `${text} The GM's reason: ${effect.reason}` : text };
}

function ended(game: Game, status: GameStatus | null): { subject: string; text: string } {
  return { subject: 'The game is over', text: status?.over ? endWords(game, status.over) : 'The GM ended the game.' };
}

function change(effect: Exclude<Announced, { name: 'end' }>, status: GameStatus | null, when: (d: Date) => string): { subject: string; text: string } {
  const turn = status ? `Turn ${status.turn}` : 'This turn';
  const deadline = status?.deadline ? when(status.deadline) : null;
  const due = !status ? '' : deadline ? `Orders are now due ${deadline}.` : 'There is no deadline running for now.';
  switch (effect.name) {
    case 'extend':
    case 'deadline':
      return {
        subject: deadline ? `${turn}: the deadline is now ${deadline}` : `${turn}: the deadline moved`,
        text: `The GM moved the deadline. ${due}`.trim(),
      };
    case 'pause':
      return { subject: `${turn}: the game is paused`, text: 'The GM paused the game: no deadline runs until it resumes, and you will be told when it does.' };
    case 'resume':
      return { subject: `${turn}: the game runs again`, text: `The GM resumed the game. ${due}`.trim() };
    case 'rollback':
      return {
        subject: `The game is back at the start of turn ${effect.turn}`,
        text: `The GM rolled the game back to the start of turn ${effect.turn}: the results of the turns after it no longer stand, and orders for turn ${effect.turn} are taken again. ${due}`.trim(),
      };
  }
}
