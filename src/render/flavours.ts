// The flavours a public update is written in: each registered forum's own markup, its template
// and the file the turn's outputs keep it in (src/channels/forum/settings/forums.ts). The one
// list; everything else reads it.
import type { ForumFlavour } from '../channels/forum/base/forum-software.ts';
import { FORUMS } from '../channels/forum/settings/forums.ts';

/** A flavour's id: the id of the forum software whose markup it is. */
export type Flavour = string;

export const FLAVOURS: Readonly<Record<Flavour, ForumFlavour>> = Object.fromEntries(FORUMS.map((forum) => [forum.id, forum.flavour]));

export const FLAVOUR_NAMES: readonly Flavour[] = FORUMS.map((forum) => forum.id);

/** The flavour of an update rendered for no forum in particular: the first registered forum's. */
export const DEFAULT_FLAVOUR: Flavour = FLAVOUR_NAMES[0];
