// The flavours a public update is written in: each registered forum's own markup, its template
// and the file the turn's outputs keep it in (src/channels/forum/settings/forums.ts). Read from
// the registry when asked, so every registered forum has its flavour.
import type { ForumFlavour } from '../channels/forum/base/forum-software.ts';
import { forumIds, forums } from '../channels/forum/settings/forums.ts';

/** A flavour's id: the id of the forum software whose markup it is. */
export type Flavour = string;

export function flavourIds(): Flavour[] {
  return forumIds();
}

export function flavourSpec(flavour: Flavour): ForumFlavour {
  return forums.get(flavour).flavour;
}

/** The flavour of an update rendered for no forum in particular: the first registered forum's. */
export const DEFAULT_FLAVOUR: Flavour = forumIds()[0];
