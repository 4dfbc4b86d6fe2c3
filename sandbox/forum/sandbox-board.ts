// A local forum a GM rehearses a game on before going live (`adjutant forum sandbox`): one of the
// local boards the tests use, with a game thread, a few players and the game's account, driven
// from the terminal. Each forum software that has one names it in its record (ForumSoftware.sandbox).

export interface SandboxOptions {
  /** The port to listen on, on 127.0.0.1 (any free one when 0). */
  port: number;
  /** The players' member names. */
  players: string[];
}

export interface SandboxBoard {
  /** The board's address, for game.yaml's forum.url. */
  url: string;
  /** The game's thread (or topic). */
  thread: number;
  /** The game's account's member name. */
  account: string;
  /** The players' member names, as the board spells them. */
  players: string[];
  /** game.yaml's forum.credentials: the names of the variables, and what the environment must set them to. */
  credentials: Record<string, string>;
  env: Record<string, string>;
  /** A player writes in the game's thread. */
  post(player: string, text: string): void;
  /** A player writes to the game's account privately, in the conversation they share (started the first time). */
  message(player: string, text: string): void;
  /** What the game's account wrote since the last call, oldest first: in the thread, or privately to whom. */
  news(): Array<{ where: string; text: string }>;
  close(): Promise<void>;
}

/** The player a name typed in the terminal stands for, in any case; a name of no player is an error saying who plays. */
export function playerNamed(players: readonly string[], typed: string): string {
  const name = players.find((p) => p.toLowerCase() === typed.toLowerCase());
  if (!name) throw new Error(`There is no player "${typed}" on the board: ${players.join(', ')}.`);
  return name;
}
