// `adjutant forum sandbox`: a local board of a forum software (its record's `sandbox`), with a game
// thread, a few players and the game's account, for a GM to try a game on before going live. It
// prints what game.yaml and the environment need to point a game at it, then takes the players'
// posts and private messages from the terminal and shows what Adjutant writes back.
import { createInterface } from 'node:readline';
import type { SandboxBoard } from '../../../sandbox/forum/sandbox-board.ts';
import type { ForumSoftware } from './base/forum-software.ts';
import { forums } from './settings/forums.ts';

export class SandboxError extends Error {
  override name = 'SandboxError';
}

export interface SandboxRun {
  software: string;
  port: number;
  players: string[];
}

const HELP =
  'Write "Alice: text" to post in the thread as Alice, "Alice> text" to write to Adjutant privately ("\\n" starts a new line); "quit" stops the board.';

/** Runs the board until the input ends or says quit; `print` writes a line to the terminal. */
export async function runSandbox(run: SandboxRun, input: NodeJS.ReadableStream, print: (line: string) => void): Promise<void> {
  const software = forums.has(run.software) ? forums.get(run.software) : undefined;
  if (!software?.sandbox) {
    const offered = forums.all().filter((f) => f.sandbox);
    throw new SandboxError(`There is no local ${software?.name ?? `"${run.software}"`} board: the sandbox runs ${offered.map((f) => f.id).join(' or ')}.`);
  }
  const board = await software.sandbox({ port: run.port, players: run.players }).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EADDRINUSE') throw e;
    throw new SandboxError(`Port ${run.port} is already in use: choose another with --port, or 0 for any free one.`);
  });
  for (const line of intro(software, board)) print(line);
  const tell = () => {
    for (const said of board.news()) print(`\nAdjutant wrote ${said.where}:\n${said.text.replace(/^/gm, '  ')}\n`);
  };
  const watch = setInterval(tell, 250);
  try {
    for await (const line of createInterface({ input, terminal: false })) {
      if (/^\s*(quit|exit)\s*$/i.test(line)) break;
      if (line.trim()) print(take(board, line));
    }
  } finally {
    clearInterval(watch);
    tell();
    await board.close();
  }
}

/** One line of the GM's, as a player's post or private message. */
function take(board: SandboxBoard, line: string): string {
  const said = /^\s*([^:>]+?)\s*([:>])\s?(.*)$/.exec(line);
  if (!said) return HELP;
  const [, player, how, text] = said;
  try {
    if (how === ':') board.post(player, text.replace(/\\n/g, '\n'));
    else board.message(player, text.replace(/\\n/g, '\n'));
    return how === ':' ? `(${player} posted in the thread)` : `(${player} wrote to ${board.account})`;
  } catch (e) {
    return (e as Error).message;
  }
}

function intro(software: ForumSoftware, board: SandboxBoard): string[] {
  const players = board.players.map((p) => `${p}: <nation id>`).join(', ');
  const credentials = Object.entries(board.credentials)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  return [
    `A local ${software.name} board is running at ${board.url} until this command stops; what is written on it is forgotten then.`,
    `Its game thread is ${board.thread}, the game's account is "${board.account}", and the players are ${board.players.join(', ')}.`,
    '',
    "In the game folder's game.yaml:",
    'forum:',
    `  software: ${software.id}`,
    `  url: ${board.url}`,
    `  thread: ${board.thread}`,
    `  credentials: { ${credentials} }`,
    `  players: { ${players} }`,
    '',
    'In the environment Adjutant runs in (its .env file):',
    ...Object.entries(board.env).map(([k, v]) => `${k}=${v}`),
    '',
    'Then import the game and start the service (adjutant game import, adjutant serve).',
    HELP,
    '',
  ];
}
