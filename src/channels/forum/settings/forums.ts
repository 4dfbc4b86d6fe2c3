// The forum softwares Adjutant runs games on: one line each. A new forum is its folder
// (src/channels/forum/<id>/, with an index.ts holding its ForumSoftware record) and a line here.
import type { ForumSoftware } from '../base/forum-software.ts';
import { discourse } from '../discourse/index.ts';
import { phpbb } from '../phpbb/index.ts';
import { xenforo } from '../xenforo/index.ts';

export const FORUMS: readonly ForumSoftware[] = [xenforo, discourse, phpbb];

/** The ids game.yaml's `forum.software` and `forum.flavour` take, in registry order. */
export const FORUM_IDS = FORUMS.map((f) => f.id) as [string, ...string[]];

/** The record of a registered software; game.yaml's schema allows no other id. */
export function forumSoftware(id: string): ForumSoftware {
  const found = FORUMS.find((f) => f.id === id);
  if (!found) throw new Error(`No forum software "${id}" is registered (src/channels/forum/settings/forums.ts).`);
  return found;
}
