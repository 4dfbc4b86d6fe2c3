// A nation's player as game.yaml records them, edited where a command changes who plays: their
// entry under the nation (name and address) and the entries of the channels' sections that map an
// account to the nation (the forum's players). The edits keep the GM's comments and layout (a yaml Document, not a rewrite).
import type { Document } from 'yaml';
import { channelPlayerEntries } from '../channels/settings/index.ts';
import type { GameFile } from './game-file.ts';

/** The nation's player answers at `address` from now on; a nation with no player gets one named after it. */
export function setPlayerAddress(doc: Document, nation: string, address: string, nationName: string): void {
  if (doc.hasIn(['nations', nation, 'player'])) doc.setIn(['nations', nation, 'player', 'email'], address);
  else doc.setIn(['nations', nation, 'player'], doc.createNode({ name: `Player of ${nationName}`, email: address }));
}

/** The nation has no player any more: neither an address nor an account on another channel speaks for it. */
export function removePlayer(doc: Document, config: GameFile, nation: string): void {
  doc.deleteIn(['nations', nation, 'player']);
  for (const path of channelPlayerEntries(config, nation)) doc.deleteIn(path);
}
