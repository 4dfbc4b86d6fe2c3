// Storing a game folder, as `adjutant game import` and the service's start-up both do: the game
// goes into Redis, then every channel hears of it, so none takes what it held before (a forum
// thread's history) for the new game's orders.
import { importGame } from '../store/game-archive.ts';
import type { GameStore } from '../store/game-store.ts';
import { channels } from './index.ts';

export async function importGameFolder(store: GameStore, id: string, dir: string, at: Date): ReturnType<typeof importGame> {
  const stored = await importGame(store, id, dir);
  for (const channel of channels.all()) await channel.gameStored?.(store, id, at);
  return stored;
}
