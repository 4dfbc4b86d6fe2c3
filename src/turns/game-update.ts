// `adjutant game update DIR`: a stored game takes the files of a changed folder, between turns.
// The folder is checked as import checks it, then against the game as it stands (update-check.ts);
// what would change is said in words (game-changes.ts); the files are replaced by one script that
// refuses a game that moved on since it was checked (GameStore.replaceFiles). The state (but for
// the provinces the map gains), history, orders and mail stay the store's: an exported folder's
// copies of them are left aside. A player new to a nation, or given a new secret, is welcomed as
// at import (the CLI records the mails once the update is applied).
import path from 'node:path';
import { gameChanges, type ChangeSection } from '../game/game-changes.ts';
import { missingSecrets } from '../game/generated-secrets.ts';
import { readGameFolder } from '../game/load-game.ts';
import { GAME_FILE, openGame, STATE_FILE, toYaml, type Game, type GameFiles } from '../game/open-game.ts';
import { GameFolderError } from '../game/problems.ts';
import { checkUpdate } from '../game/update-check.ts';
import { readYaml } from '../game/yaml-file.ts';
import type { GameState } from '../engine/index.ts';
import { ORDERS_FILE } from '../store/game-archive.ts';
import type { GameMarks } from '../store/game-store.ts';
import type { TurnSchedule } from './schedule-store.ts';
import { applyScheduleFollow, followSchedule, type ScheduleFollow } from './schedule-follow.ts';
import type { TurnRuntime } from './turn-runtime.ts';

/** The folder cannot replace the stored game's files; each problem says where and why. */
export class UpdateRefusedError extends GameFolderError {
  override name = 'UpdateRefusedError';
}

/** A turn is being adjudicated, or its results wait for the GM: files change between turns only. */
export class GameBusyError extends Error {
  override name = 'GameBusyError';
}

export interface UpdatePlan {
  gameId: string;
  /** Where the game stood when checked; the update applies only while it still stands there. */
  marks: GameMarks;
  /** The files as they will be stored. */
  files: GameFiles;
  /** What changes, in words; empty when the folder is the game as stored. */
  changes: ChangeSection[];
  /** Nations that left the game (holding nothing): their orders in force go. */
  leaving: string[];
  /** Nations whose player is new to them (a new nation, another address) or has a new secret: each is welcomed. */
  welcome: Array<{ nation: string; name: string }>;
  /** The state with the provinces the map gains, when it gains any. */
  state?: GameState;
  schedule?: ScheduleFollow;
}

/** Checks the folder against the stored game and says what would change; changes nothing. */
export async function planGameUpdate(rt: TurnRuntime, gameId: string, dir: string): Promise<UpdatePlan> {
  // The marks are read first: anything that changes the game after them makes the update refuse.
  const marks = await rt.store.marks(gameId);
  const [storedFiles, state, schedule] = await Promise.all([rt.store.files(gameId), rt.store.state(gameId), rt.schedules.get(gameId)]);
  refuseWhileBusy(schedule, state);
  const read = await readGameFolder(dir);
  const opened = openGame(gameId, read);
  if (!opened.game) throw new GameFolderError(opened.problems.map((p) => ({ ...p, file: path.join(dir, p.file) })));
  const before = openGame(gameId, storedFiles).game;
  // Secrets are added once the folder is checked as the GM wrote it, so its problems name its own lines.
  const folder = withSecrets(read, before);
  const reopened = folder === read ? opened : openGame(gameId, folder);
  if (!reopened.game) throw new GameFolderError(reopened.problems);
  const next: Game = { ...reopened.game, files: filesToStore(folder, storedFiles, state) };
  const checked = checkUpdate({ ruleset: before?.config.ruleset ?? storedRuleset(storedFiles), state, map: before?.map }, next);
  const { problems } = checked;
  const files = filesToStore(folder, storedFiles, checked.state);
  // The folder opened on its own state.yaml; stored without one, the game is set up from game.yaml, which must work too.
  if (!problems.length && folder[STATE_FILE] !== undefined && files[STATE_FILE] === undefined) problems.push(...openGame(gameId, files).problems);
  // Problems of the folder's files name them in the folder; those of the game as it stands name no file.
  if (problems.length) throw new UpdateRefusedError(problems.map((p) => (p.file in files ? { ...p, file: path.join(dir, p.file) } : p)));
  const changed = changedNames(storedFiles, files);
  if (!changed.length) return { gameId, marks, files, changes: [], leaving: [], welcome: [] };
  const follow = before && followSchedule(rt, schedule, before.config, next.config);
  const changes = before ? gameChanges(before, next, follow ? [follow.said] : []) : [brokenGame(changed)];
  if (!changes.length) changes.push({ title: 'Files', lines: changed.map((n) => `${n}: only comments or layout changed`) });
  const leaving = Object.keys(state.nations).filter((n) => !next.config.nations[n]);
  const welcome = before ? newcomers(before, next) : [];
  return { gameId, marks, files, changes, leaving, welcome, ...(checked.state !== state && { state: checked.state }), ...(follow && { schedule: follow }) };
}

/** Applies a plan in one step; returns what the GM should know besides. Throws GameMovedError if the game moved on since the plan. */
export async function applyGameUpdate(rt: TurnRuntime, plan: UpdatePlan): Promise<string[]> {
  // Checked again: the GM may have taken a while to confirm, and a deadline may have passed.
  refuseWhileBusy(await rt.schedules.get(plan.gameId), await rt.store.state(plan.gameId));
  await rt.store.replaceFiles(plan.gameId, { files: plan.files, leaving: plan.leaving, state: plan.state }, plan.marks);
  // The scheduler looks at the game now: before its first step, the starting map is drawn from the new files.
  await rt.schedules.wake(plan.gameId, rt.now());
  if (!plan.schedule || (await applyScheduleFollow(rt, plan.gameId, plan.schedule))) return [];
  return ['The turn under way moved on before its deadline could follow the new schedule; the turns after it follow it (DEADLINE sets this one).'];
}

/**
 * The folder with a secret for each player given none: the stored game's where the same address
 * plays the nation (a folder the GM wrote by hand need not repeat it), else a new one.
 */
function withSecrets(folder: GameFiles, before: Game | undefined): GameFiles {
  const text = folder[GAME_FILE];
  if (text === undefined) return folder;
  const stored = before?.config.nations;
  const { text: withThem } = missingSecrets(text, (id, email) => {
    const n = stored?.[id];
    return n?.player && sameAddress(n.player.email, email) ? n.secret : undefined;
  });
  return withThem === text ? folder : { ...folder, [GAME_FILE]: withThem };
}

/** Players new to their nation (a new nation, another address) or given another secret. */
function newcomers(before: Game, next: Game): UpdatePlan['welcome'] {
  return Object.entries(next.config.nations)
    .filter(([id, n]) => {
      const was = before.config.nations[id];
      return n.player && (!was?.player || !sameAddress(was.player.email, n.player.email) || was.secret !== n.secret);
    })
    .map(([nation, n]) => ({ nation, name: n.name }));
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function refuseWhileBusy(s: TurnSchedule | null, state: GameState): void {
  if (s?.status === 'adjudicating')
    throw new GameBusyError(`Turn ${state.turn} is being adjudicated right now; update the game once its results are out. Nothing was changed.`);
  if (s?.status === 'preview')
    throw new GameBusyError(
      `The results of turn ${state.turn} wait for PUBLISH (or PREVIEW to run them again); update the game after that. Nothing was changed.`,
    );
}

/**
 * The folder's own files, without what an export adds that is the store's (orders in force; the
 * state, whose stored copy, kept only by games imported with one, is the state as it stands now).
 */
function filesToStore(folder: GameFiles, stored: GameFiles, state: GameState): GameFiles {
  const { [ORDERS_FILE]: _orders, [STATE_FILE]: _state, ...files } = folder;
  return stored[STATE_FILE] === undefined ? files : { ...files, [STATE_FILE]: toYaml(state) };
}

function storedRuleset(files: GameFiles): string {
  const value = readYaml(GAME_FILE, files[GAME_FILE] ?? '').yaml.value as { ruleset?: unknown } | null;
  return String(value?.ruleset ?? 'unknown');
}

/** A stored game that no longer opens (its ruleset changed under it, a file broken) can only be said to get new files. */
function brokenGame(changed: string[]): ChangeSection {
  return { title: 'Files', lines: [`the stored game does not open as it is; these files change: ${changed.join(', ')}`] };
}

/** The files whose text differs; the stored state's copy is not the GM's to change, so it is not compared. */
function changedNames(stored: GameFiles, files: GameFiles): string[] {
  return [...new Set([...Object.keys(stored), ...Object.keys(files)])].filter((n) => n !== STATE_FILE && stored[n] !== files[n]).sort();
}
