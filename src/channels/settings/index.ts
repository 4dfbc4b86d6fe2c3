// The sections of game.yaml that belong to a channel, one line each, and what the rest of the
// service may ask of them: the schema game-file.ts reads the section with, the checks that need the
// rest of the game, where it names a nation's player, and the game's thread when the section gives
// one (where the public update, reminders and announcements go). The turns, the message handlers,
// the renderer and game.yaml ask this registry, never a channel.
import { z } from 'zod';
import type { ForumFlavour, UpdateFormat } from '../forum/base/forum-software.ts';
import { forumIds, forums } from '../forum/settings/forums.ts';
import { checkForumAgainstGame, forumPlayerEntries, forumSchema, forumThread } from '../forum/settings/forum-config.ts';

/** The game's public thread, on whichever channel hosts it. */
export interface GameThread {
  /** Whether Adjutant posts there itself; if not, the GM is sent each post to paste. */
  posts: boolean;
  /** The flavour the update is written in there (flavourSpec). */
  flavour: string;
  /** Whether short posts (reminders, announcements) are written in Markdown rather than BBCode. */
  markdown: boolean;
  /** The characters one post may hold: a longer update goes out in several posts. */
  postLimit: number;
  /** Whether the schedule's reminder at `offset` ("24h") is posted there too. */
  reminds(offset: string): boolean;
  /** Whether Adjutant keeps a status post there (src/turns/status-post.ts). */
  status: boolean;
  /** Where the GM pastes what Adjutant cannot post, in words: "the forum thread". */
  place: string;
}

/** The public update as one markup shows it: its template, the file a turn's outputs keep it in, its markup in words. */
export type UpdateFlavour = ForumFlavour;
export type { UpdateFormat };

interface ChannelSection<T> {
  /** Problems only the rest of game.yaml shows, with their paths inside the section. */
  check(section: T, game: GameOutline): Array<{ path: string[]; message: string }>;
  /** The paths, inside the section, of the entries naming the nation's player. */
  playerEntries(section: T, nation: string): string[][];
  thread(section: T): GameThread;
}

/** What a section's checks may know of the rest of game.yaml. */
export interface GameOutline {
  reminders: readonly string[];
  nations: readonly string[];
}

/** The schemas of the channels' sections, by their key in game.yaml. */
export const channelSchemas = {
  forum: forumSchema.optional(),
};

type SectionKey = keyof typeof channelSchemas;
export type ChannelSettings = { [K in SectionKey]?: z.infer<(typeof channelSchemas)[K]> };

const sections: { [K in SectionKey]: ChannelSection<NonNullable<ChannelSettings[K]>> } = {
  forum: { check: checkForumAgainstGame, playerEntries: forumPlayerEntries, thread: forumThread },
};

/** The sections game.yaml has, with what each says. */
function present(config: ChannelSettings): Array<{ key: string; section: ChannelSection<unknown>; value: unknown }> {
  return (Object.keys(sections) as SectionKey[]).flatMap((key) =>
    config[key] ? [{ key, section: sections[key] as ChannelSection<unknown>, value: config[key] }] : [],
  );
}

/** The game's thread, when a channel section gives it one. */
export function threadOf(config: ChannelSettings): GameThread | null {
  const [first] = present(config);
  return first ? first.section.thread(first.value) : null;
}

/** Each problem of a channel section that the rest of game.yaml shows, with its path from the top of the file. */
export function channelSectionIssues(config: ChannelSettings, game: GameOutline): Array<{ path: string[]; message: string }> {
  return present(config).flatMap(({ key, section, value }) => section.check(value, game).map((issue) => ({ ...issue, path: [key, ...issue.path] })));
}

/** The paths in game.yaml of every channel entry naming the nation's player. */
export function channelPlayerEntries(config: ChannelSettings, nation: string): string[][] {
  return present(config).flatMap(({ key, section, value }) => section.playerEntries(value, nation).map((path) => [key, ...path]));
}

/** The flavours an update can be written in: each registered forum software's markup, the first the default. */
export function updateFlavourIds(): string[] {
  return forumIds();
}

export function updateFlavour(id: string): UpdateFlavour {
  return forums.get(id).flavour;
}
