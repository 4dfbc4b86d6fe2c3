// What the turn machinery needs from the outside world, injected: the store, the outbox, the
// queues (BullMQ in jobs/, something simpler in tests), the clock, the logger and the settings.
import type { Logger } from 'pino';
import type { GameFile } from '../game/game-file.ts';
import type { GameStore } from '../store/game-store.ts';
import { nationsOut } from '../game/game-standing.ts';
import { storedGame } from '../store/stored-game.ts';
import type { Outbox } from '../store/outbox.ts';
import type { ScheduleStore } from './schedule-store.ts';
import type { OutageWatch } from '../store/outage-watch.ts';

export interface StepJob {
  gameId: string;
  step: number;
  epoch: number;
  /** Step 0 only: the version of the game's files the starting map is drawn from (a GM's change before the first step draws it again). */
  files?: string;
}

export interface AdjudicateJob extends StepJob {
  run: number;
}

export interface RemindJob extends StepJob {
  offset: string;
  /** The deadline the reminder is for; a moved deadline makes it stale. */
  deadline: string;
}

/** Adding a job twice with the same data is harmless: implementations dedupe by job id. */
export interface TurnQueues {
  adjudicate(job: AdjudicateJob): Promise<void>;
  /** A committed step: render its outputs (where rendering exists), then publish. */
  publish(job: StepJob): Promise<void>;
  remind(job: RemindJob): Promise<void>;
}

export interface TurnSettings {
  /** Sender of Adjutant's mail when game.yaml names no mailbox. */
  from: string;
  /** A gap between scheduler ticks longer than this means the service was down. */
  downAfterMs: number;
  /** How often a game being adjudicated, previewed or waiting is looked at again. */
  sweepMs: number;
  /** The least time players get before a deadline, for games whose schedule names no `minimumNotice`. */
  minimumNoticeMs: number;
}

export const defaultSettings: TurnSettings = { from: 'game@adjutant.test', downAfterMs: 120_000, sweepMs: 15_000, minimumNoticeMs: 3_600_000 };

export interface TurnRuntime {
  store: GameStore;
  outbox: Outbox;
  schedules: ScheduleStore;
  queues: TurnQueues;
  now: () => Date;
  logger: Logger;
  settings: TurnSettings;
  /** Notes store outages and tells the GM once each is over (src/store/outage-watch.ts). */
  outages?: OutageWatch;
}

/** Nations someone plays: only they are reminded, counted as missing, and sent reports. */
export function playerNations(config: GameFile): string[] {
  return Object.entries(config.nations)
    .filter(([, n]) => n.player)
    .map(([id]) => id)
    .sort();
}

/** Nations someone plays that are still in the game: a nation that is out is no longer asked for orders. */
export async function playingNations(store: GameStore, gameId: string, config: GameFile): Promise<string[]> {
  const out = new Set(nationsOut(await storedGame(store, gameId)));
  return playerNations(config).filter((n) => !out.has(n));
}

export async function missingNations(store: GameStore, gameId: string, config: GameFile): Promise<string[]> {
  const ordered = new Set(await store.orderedNations(gameId));
  return (await playingNations(store, gameId, config)).filter((n) => !ordered.has(n));
}

/** "3", or "3.1" for step 3 replayed after the first rollback. */
export function stepLabel(step: number, epoch: number): string {
  return epoch ? `${step}.${epoch}` : String(step);
}

/** The post outbox key of a step's update (its first part, where it is long); the opening post's is "update:step-0". */
export function updatePostKey(label: string): string {
  return `update:step-${label}`;
}

export function mailFrom(config: GameFile, settings: TurnSettings): string {
  return config.mailbox ?? settings.from;
}
