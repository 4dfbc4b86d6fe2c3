// The flavours a public update is written in: each markup a channel's thread shows, its template
// and the file the turn's outputs keep it in (src/channels/settings/index.ts). Read from the
// registry when asked, so every registered channel has its flavour.
import { updateFlavour, updateFlavourIds, type UpdateFlavour } from '../channels/settings/index.ts';

/** A flavour's id, as the channel's settings name it. */
export type Flavour = string;

export function flavourIds(): Flavour[] {
  return updateFlavourIds();
}

export function flavourSpec(flavour: Flavour): UpdateFlavour {
  return updateFlavour(flavour);
}

/** The flavour of an update rendered for no thread in particular: the first registered. */
export const DEFAULT_FLAVOUR: Flavour = updateFlavourIds()[0];
