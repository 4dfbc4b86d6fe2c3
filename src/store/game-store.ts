// Redis is the system of record. Each step is committed by one Lua script (state, history,
// orders in force), so a crash leaves either the old turn or the new one, never half of each,
// and a second worker committing the same step is refused.
//
// Owns (src/store/keys.ts): the list of games and, per game, its files and their version, state,
// step, history, orders in force and their version, raw mail, preview, undone steps and rollbacks.
// Nothing else names these keys: other modules call GameStore, and a script of another module
// that must change the game atomically with its own structures uses game.lua and gameScriptKeys.
import { createHash, randomUUID } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';
import type { GameState } from '../engine/index.ts';
import type { GameFiles } from '../game/open-game.ts';
import { GAMES_KEY, gameKeys, gamePrefix } from './keys.ts';
import { decodeOrders, encodeOrders, type OrdersInForce } from './stored-orders.ts';
import type { TurnRecord } from './turn-record.ts';
import { isCluster } from './redis.ts';
import { loadLua } from './lua.ts';

export class GameExistsError extends Error {
  override name = 'GameExistsError';
}
export class GameNotFoundError extends Error {
  override name = 'GameNotFoundError';
}
/** Another process committed this step first; re-read the game instead of retrying the commit. */
export class StepAlreadyCommittedError extends Error {
  override name = 'StepAlreadyCommittedError';
}
/** Orders in force changed while the step was adjudicated (a late-arriving email): adjudicate again. */
export class OrdersChangedError extends Error {
  override name = 'OrdersChangedError';
}

/** The game moved on (a step, a rollback, a file changed) since an update was checked against it. */
export class GameMovedError extends Error {
  override name = 'GameMovedError';
}

export type { OrdersInForce } from './stored-orders.ts';

const COMMIT = loadLua(import.meta.url, 'commit-step.lua');
const REPEAT_ORDERS = loadLua(import.meta.url, 'repeat-orders.lua');
const ROLL_BACK = loadLua(import.meta.url, 'roll-back.lua');
const REPLACE_FILES = loadLua(import.meta.url, 'replace-files.lua');

/** The Lua functions (game.lua) through which another module's script reads or changes the game. */
export const GAME_LUA = loadLua(import.meta.url, 'game.lua');

/** The game's keys that a script using GAME_LUA passes to its functions, and no others. */
export function gameScriptKeys(id: string) {
  const k = gameKeys(id);
  return { step: k.step, history: k.history, orders: k.orders, ordersVersion: k.ordersVersion, files: k.files, filesVersion: k.filesVersion };
}

/** A rollback as rollback.ts prepares it: the steps undone and what the game goes back to. */
export interface RollbackPlan {
  /** The step the game must still be at; another commit meanwhile refuses the rollback. */
  expectedStep: number;
  firstUndone: number;
  stateBefore: GameState;
  /** Nation and encoded orders, in pairs: the orders in force restored. */
  orders: string[];
  undoneAt: Date;
}

const GAME_ID = /^[a-z0-9_][a-z0-9_-]*$/;

export class InvalidGameIdError extends Error {
  override name = 'InvalidGameIdError';
}

/** Where a game stands, as an update of its files is checked against it. */
export interface GameMarks {
  step: number;
  epoch: number;
  filesVersion: string;
}

/** A turn record undone by a rollback, with when. */
export interface UndoneStep {
  undoneAt: string;
  record: TurnRecord;
}

/** Everything a game holds; a new game has only files and a state. */
export interface GameContents {
  files: GameFiles;
  state: GameState;
  history?: TurnRecord[];
  orders?: Record<string, OrdersInForce>;
  mail?: Map<string, Buffer>;
}

export class GameStore {
  constructor(readonly redis: Redis) {}

  /** Stores a new game, or an imported one with its history, in one transaction. */
  async createGame(id: string, contents: GameContents): Promise<void> {
    if (!GAME_ID.test(id)) throw new InvalidGameIdError(`"${id}" cannot be a game id: use lower-case letters, digits, "-" and "_".`);
    const k = gameKeys(id);
    const history = contents.history ?? [];
    await this.redis.watch(k.state, k.files);
    if (await this.redis.exists(k.state, k.files)) {
      await this.redis.unwatch();
      throw new GameExistsError(`A game "${id}" is already stored; pick another id or remove it first.`);
    }
    // The list of games is a key of its own slot, so on a Redis Cluster it cannot join the game's
    // transaction. Listed first: a crash in between leaves a listed id with no game (as a deletion
    // cut short does), never a stored game nobody lists.
    await this.redis.sadd(GAMES_KEY, id);
    const tx = this.redis
      .multi()
      .hset(k.files, contents.files)
      .set(k.filesVersion, randomUUID())
      .set(k.state, JSON.stringify(contents.state))
      .set(k.step, String(history.length));
    for (const record of history) tx.hset(k.history, String(record.step), JSON.stringify(record));
    for (const [nation, orders] of Object.entries(contents.orders ?? {})) tx.hset(k.orders, nation, encodeOrders(orders));
    for (const [messageId, raw] of contents.mail ?? []) tx.hset(k.mail, messageId, raw);
    if ((await tx.exec()) === null) throw new GameExistsError(`A game "${id}" was stored by another process at the same moment.`);
  }

  async listGames(): Promise<string[]> {
    return (await this.redis.smembers(GAMES_KEY)).sort();
  }

  async exists(id: string): Promise<boolean> {
    return (await this.redis.exists(gameKeys(id).state)) === 1;
  }

  async files(id: string): Promise<GameFiles> {
    const files = await this.redis.hgetall(gameKeys(id).files);
    if (!Object.keys(files).length) throw new GameNotFoundError(`There is no game "${id}" in the store.`);
    return files;
  }

  /** One game file, or null; cheaper than all of them when only game.yaml is wanted. */
  async file(id: string, path: string): Promise<string | null> {
    return this.redis.hget(gameKeys(id).files, path);
  }

  /** Adds or replaces game files (a GM's template, a new key image); the game is opened anew. */
  async putFiles(id: string, files: Record<string, string>): Promise<void> {
    const k = gameKeys(id);
    await this.redis.multi().hset(k.files, files).set(k.filesVersion, randomUUID()).exec();
  }

  /**
   * Replaces every file of the game at once (`adjutant game update`), only while it is where
   * `marks` found it: the orders in force of nations that left go, and the state is replaced when
   * given (the map gained provinces). Throws GameMovedError otherwise, changing nothing.
   */
  async replaceFiles(id: string, update: { files: Record<string, string>; leaving: string[]; state?: GameState }, marks: GameMarks): Promise<void> {
    const k = gameKeys(id);
    const expected = [String(marks.step), String(marks.epoch), marks.filesVersion];
    const state = update.state ? JSON.stringify(update.state) : '';
    const pairs = Object.entries(update.files).flat();
    try {
      await this.redis.eval(
        REPLACE_FILES,
        7,
        k.files,
        k.filesVersion,
        k.step,
        k.rollbacks,
        k.orders,
        k.ordersVersion,
        k.state,
        ...expected,
        randomUUID(),
        JSON.stringify(update.leaving),
        state,
        ...pairs,
      );
    } catch (e) {
      const moved = /MOVED (STEP (\d+)|FILES)/.exec(String((e as Error).message));
      if (!moved) throw e;
      const why =
        moved[2] !== undefined
          ? `it is at step ${moved[2]} now (a turn was adjudicated or rolled back)`
          : 'its files were changed meanwhile (by a command by mail, or another update)';
      throw new GameMovedError(`Game "${id}" moved on while the update was being checked: ${why}. Nothing was changed; run the update again.`);
    }
  }

  /** The step, rollbacks and files version, read before the game itself so a change after the reading shows. */
  async marks(id: string): Promise<GameMarks> {
    const filesVersion = await this.filesVersion(id);
    return { ...(await this.stepAndEpoch(id)), filesVersion };
  }

  /** Changes whenever a game file does (stored-game.ts opens a game again only then). */
  async filesVersion(id: string): Promise<string> {
    const k = gameKeys(id);
    const version = await this.redis.get(k.filesVersion);
    if (version !== null) return version;
    // Games stored before files were versioned get a version the first time one is asked for.
    await this.redis.setnx(k.filesVersion, randomUUID());
    return (await this.redis.get(k.filesVersion)) ?? '';
  }

  async state(id: string): Promise<GameState> {
    const json = await this.redis.get(gameKeys(id).state);
    if (json === null) throw new GameNotFoundError(`There is no game "${id}" in the store.`);
    return JSON.parse(json) as GameState;
  }

  /** Number of steps committed so far; the next commit must be step + 1. */
  async step(id: string): Promise<number> {
    return Number((await this.redis.get(gameKeys(id).step)) ?? 0);
  }

  /** Rollbacks so far (the epoch): part of every job id and outbox key of a step, so a replayed step is new work. */
  async epoch(id: string): Promise<number> {
    return Number((await this.redis.get(gameKeys(id).rollbacks)) ?? 0);
  }

  /** The committed steps and the epoch in one read, so they agree with each other (a rollback changes both). */
  async stepAndEpoch(id: string): Promise<{ step: number; epoch: number }> {
    const k = gameKeys(id);
    const [step, epoch] = (await this.redis.mget(k.step, k.rollbacks)).map((v) => Number(v ?? 0));
    return { step, epoch };
  }

  /**
   * What a game's pages show changes only with these (step, epoch, orders version, game.yaml):
   * their stored text, read in one round trip, to compare and never to parse.
   */
  async changeMarks(id: string): Promise<unknown[]> {
    const k = gameKeys(id);
    const res = await this.redis.pipeline().get(k.step).get(k.rollbacks).get(k.ordersVersion).hget(k.files, 'game.yaml').exec();
    return res?.map(([, v]) => v) ?? [];
  }

  async commitStep(id: string, record: TurnRecord): Promise<void> {
    const k = gameKeys(id);
    try {
      await this.redis.eval(
        COMMIT,
        5,
        k.state,
        k.step,
        k.history,
        k.orders,
        k.ordersVersion,
        String(record.step - 1),
        JSON.stringify(record),
        JSON.stringify(record.stateAfter),
        String(record.ordersVersion),
      );
    } catch (e) {
      if (String((e as Error).message).includes('ORDERS CHANGED'))
        throw new OrdersChangedError(`Step ${record.step} of "${id}" was adjudicated on orders that have changed since; adjudicate it again.`);
      const m = /STEP (\d+)/.exec(String((e as Error).message));
      if (m) throw new StepAlreadyCommittedError(`Step ${record.step} of "${id}" cannot be committed: the game is at step ${m[1]}.`);
      throw e;
    }
  }

  /**
   * Undoes the steps of a rollback at once (rollback.ts): they move to the undone list, the state
   * and orders go back, a waiting preview is dropped, and the epoch moves on. Returns the new epoch,
   * or the step the game moved to meanwhile (nothing is changed then).
   */
  async rollBack(id: string, plan: RollbackPlan): Promise<{ epoch: number } | { movedTo: number }> {
    const k = gameKeys(id);
    try {
      const epoch = (await this.redis.eval(
        ROLL_BACK,
        8,
        k.state,
        k.step,
        k.history,
        k.orders,
        k.undone,
        k.rollbacks,
        k.preview,
        k.ordersVersion,
        String(plan.expectedStep),
        String(plan.firstUndone),
        JSON.stringify(plan.stateBefore),
        JSON.stringify(plan.undoneAt.toISOString()),
        ...plan.orders,
      )) as number;
      return { epoch };
    } catch (e) {
      const m = /STEP (\d+)/.exec(String((e as Error).message));
      if (m) return { movedTo: Number(m[1]) };
      throw e;
    }
  }

  /** Steps undone by rollbacks, oldest first. */
  async undoneSteps(id: string): Promise<UndoneStep[]> {
    return (await this.redis.lrange(gameKeys(id).undone, 0, -1)).map((json) => JSON.parse(json) as UndoneStep);
  }

  /** Keeps a step adjudicated for the GM's preview (its shape is the turn machinery's), until PUBLISH, a re-run or a rollback. */
  async putPreview(id: string, preview: unknown): Promise<void> {
    await this.redis.set(gameKeys(id).preview, JSON.stringify(preview));
  }

  async preview(id: string): Promise<unknown> {
    const json = await this.redis.get(gameKeys(id).preview);
    return json === null ? null : JSON.parse(json);
  }

  async history(id: string): Promise<TurnRecord[]> {
    const all = await this.redis.hgetall(gameKeys(id).history);
    return Object.entries(all)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, json]) => JSON.parse(json) as TurnRecord);
  }

  async record(id: string, step: number): Promise<TurnRecord | undefined> {
    const json = await this.redis.hget(gameKeys(id).history, String(step));
    return json ? (JSON.parse(json) as TurnRecord) : undefined;
  }

  async ordersInForce(id: string): Promise<Record<string, OrdersInForce>> {
    const all = await this.redis.hgetall(gameKeys(id).orders);
    return Object.fromEntries(Object.entries(all).map(([nation, json]) => [nation, decodeOrders(json)]));
  }

  /** The nations with orders in force, sorted. */
  async orderedNations(id: string): Promise<string[]> {
    return (await this.redis.hkeys(gameKeys(id).orders)).sort();
  }

  async nationOrders(id: string, nation: string): Promise<OrdersInForce | null> {
    const json = await this.redis.hget(gameKeys(id).orders, nation);
    return json === null ? null : decodeOrders(json);
  }

  async setOrders(id: string, nation: string, orders: OrdersInForce): Promise<void> {
    const k = gameKeys(id);
    await this.redis.multi().hset(k.orders, nation, encodeOrders(orders)).incr(k.ordersVersion).exec();
  }

  /** Standing orders for a nation that sent none; orders it sent at the last moment win. True if set. */
  async repeatOrders(id: string, nation: string, orders: OrdersInForce): Promise<boolean> {
    const k = gameKeys(id);
    return (await this.redis.eval(REPEAT_ORDERS, 2, k.orders, k.ordersVersion, nation, encodeOrders(orders))) === 1;
  }

  /** Read before the orders themselves, so a change in between makes the commit refuse, never miss it. */
  async ordersVersion(id: string): Promise<number> {
    return Number((await this.redis.get(gameKeys(id).ordersVersion)) ?? 0);
  }

  /** Keeps a raw email; its id is the SHA-256 of its bytes, so storing it twice is harmless. */
  async putMail(id: string, raw: Buffer): Promise<string> {
    const messageId = createHash('sha256').update(raw).digest('hex');
    await this.redis.hset(gameKeys(id).mail, messageId, raw);
    return messageId;
  }

  async mail(id: string, messageId: string): Promise<Buffer | null> {
    return this.redis.hgetBuffer(gameKeys(id).mail, messageId);
  }

  async hasMail(id: string, messageId: string): Promise<boolean> {
    return (await this.redis.hexists(gameKeys(id).mail, messageId)) === 1;
  }

  async allMail(id: string): Promise<Map<string, Buffer>> {
    const keys = await this.redis.hkeys(gameKeys(id).mail);
    const out = new Map<string, Buffer>();
    for (const key of keys.sort()) {
      const raw = await this.redis.hgetBuffer(gameKeys(id).mail, key);
      if (raw) out.set(key, raw);
    }
    return out;
  }

  /** Removes every key of the game, whoever wrote it (they all share the game's hash-tagged prefix). */
  async deleteGame(id: string): Promise<void> {
    // Game ids hold no glob characters (checked when the game was created), so the prefix is a safe pattern.
    const pattern = `${gamePrefix(id)}*`;
    // On a Redis Cluster a SCAN sees one node: ask every master (the game's keys are on one of them).
    const nodes: Redis[] = isCluster(this.redis as Redis | Cluster) ? (this.redis as unknown as Cluster).nodes('master') : [this.redis];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        if (keys.length) await this.redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
    await this.redis.srem(GAMES_KEY, id);
  }
}
