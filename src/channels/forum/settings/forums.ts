// The forum softwares Adjutant runs games on: one line each. A new forum is its folder
// (src/channels/forum/<id>/, with an index.ts holding its ForumSoftware record) and a line here.
import { Registry } from '../../../engine/registry.ts';
import type { ForumSoftware } from '../base/forum-software.ts';
import { discourse } from '../discourse/index.ts';
import { phpbb } from '../phpbb/index.ts';
import { xenforo } from '../xenforo/index.ts';

export const forums = new Registry<ForumSoftware>('forum software', [xenforo, phpbb, discourse]);

/** The registered ids, in the order they were registered (the first is the default flavour's). */
export function forumIds(): string[] {
  return forums.all().map((forum) => forum.id);
}
