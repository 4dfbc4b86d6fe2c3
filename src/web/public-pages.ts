// The public pages: the index of public games, and a game's page (status, deadline, who has
// ordered but never what, the map, and the public update of each turn, with its history, or before
// the first turn the starting position; and the press sent to every nation). Only public facts: the
// updates and the starting position come from the ruleset's public view, as the forum's do, and no
// press sent to only some nations is read here.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { storedGame } from '../store/stored-game.ts';
import { newestPress, storedPress } from '../store/stored-press.ts';
import type { Game } from '../game/open-game.ts';
import { endWords } from '../render/game-over.ts';
import { renderWebStart, startLabel } from '../render/start-position.ts';
import { mapPath, startMapPath } from '../render/turn-outputs.ts';
import type { GameStatus } from '../turns/game-control.ts';
import { scheduleText } from '../turns/schedule-store.ts';
import { builtPage, type BuiltPage } from './http-kit.ts';
import { renderPage, siteTemplates } from './page-templates.ts';
import { publicPress } from './press-view.ts';
import { stepIndex, turnsOf } from './step-index.ts';
import { updateHtml } from './update-html.ts';
import { nationNames, type WebContext } from './web-context.ts';

/** How long a page still waiting for its map, and the index, are served from memory before being built again. */
const PAGE_TTL_MS = 5000;

interface CachedPage {
  fingerprint: string;
  at: number;
  /** Every map the page shows was there: nothing will appear on its own, so no need to look again. */
  complete: boolean;
  page: Promise<BuiltPage | null>;
}

const pages = new Map<string, CachedPage>();

/** The game if it exists and is public; anything else is simply not found. */
async function publicGame(web: WebContext, gameId: string): Promise<Game | null> {
  if (!/^[a-z0-9_][a-z0-9_-]*$/.test(gameId) || !(await web.deps.store.exists(gameId))) return null;
  const game = await storedGame(web.deps.store, gameId);
  return game.config.public ? game : null;
}

/**
 * How long a game's fingerprint is trusted before Redis is asked again: a turn, an order, a new
 * deadline or a game made private shows this much later at most, and a crowd of readers costs
 * Redis a few reads a second instead of a round trip per visit.
 */
export const FINGERPRINT_TTL_MS = 250;

const prints = new Map<string, { at: number; read: Promise<string> }>();

/** What a page of the game shows changes only with these (press too): read at once, shared by the readers of the next moments. */
function fingerprint(web: WebContext, gameId: string): Promise<string> {
  const now = Date.now();
  const known = prints.get(gameId);
  if (known && now - known.at < FINGERPRINT_TTL_MS) return known.read;
  const { redis } = web.deps.store;
  const read = Promise.all([web.deps.store.changeMarks(gameId), scheduleText(redis, gameId), newestPress(redis, gameId)]).then(([marks, schedule, press]) =>
    createHash('sha1')
      .update(JSON.stringify([...marks, schedule, press]))
      .digest('base64'),
  );
  read.catch(() => prints.delete(gameId));
  if (prints.size > 1000) prints.clear();
  prints.set(gameId, { at: now, read });
  return read;
}

/**
 * Serves a page from memory while its fingerprint holds, so a reader costs no more than a lookup;
 * one build at a time per page. A page still waiting for a map is built again after a few seconds.
 */
async function cached(
  web: WebContext,
  gameId: string,
  key: string,
  build: () => Promise<{ html: string; complete: boolean } | null>,
): Promise<BuiltPage | null> {
  const print = await fingerprint(web, gameId);
  const now = Date.now();
  const hit = pages.get(key);
  if (hit && hit.fingerprint === print && (hit.complete || now - hit.at < PAGE_TTL_MS)) return hit.page;
  const entry: CachedPage = { fingerprint: print, at: now, complete: false, page: Promise.resolve(null) };
  entry.page = build().then((built) => {
    entry.complete = built?.complete ?? true;
    return built ? builtPage(built.html) : null;
  });
  if (pages.size > 1000) pages.clear();
  pages.set(key, entry);
  entry.page.catch(() => pages.delete(key));
  return entry.page;
}

export function statusModel(game: Game, status: GameStatus | null): Record<string, unknown> {
  if (!status) return { unknown: true };
  return {
    deadline: status.deadline?.toISOString(),
    deadlineUtc: status.deadline?.toUTCString(),
    paused: status.paused,
    waiting: status.waitingForGm,
    preview: status.previewStep !== undefined,
    ordered: nationNames(game.config, status.ordered),
    missing: nationNames(game.config, status.missing),
    out: nationNames(game.config, status.out),
    over: status.over && endWords(game, status.over),
    overByGm: status.over?.why === 'gm',
  };
}

/** The URL of the map drawn after this step, once the render step has written it. */
export function mapUrl(web: WebContext, game: Game, record: { turn: number; phase: string }): Promise<string | undefined> {
  return servedUrl(web, mapPath(game.id, record));
}

/** The URL of the map of the game's starting state, once the render job has drawn it. */
export function startMapUrl(web: WebContext, game: Game): Promise<string | undefined> {
  return servedUrl(web, startMapPath(game.id));
}

async function servedUrl(web: WebContext, file: string): Promise<string | undefined> {
  const exists = await access(path.join(web.outDir, file)).then(
    () => true,
    () => false,
  );
  return exists ? `${web.base}/${file.split(path.sep).map(encodeURIComponent).join('/')}` : undefined;
}

export async function gamePage(web: WebContext, gameId: string, turn?: number): Promise<BuiltPage | null> {
  if (!/^[a-z0-9_][a-z0-9_-]*$/.test(gameId)) return null;
  return cached(web, gameId, `${gameId}:${turn ?? 'now'}`, async () => {
    const game = await publicGame(web, gameId);
    if (!game) return null;
    const steps = await stepIndex(web.deps.store, game);
    const turns = turnsOf(steps);
    const shown = turn ?? turns.at(-1);
    if (turn !== undefined && !turns.includes(turn)) return null;
    const status = await web.deps.control.status(gameId).catch(() => null);
    // The game's press belongs to the game as it is now, not to a turn of its history.
    const press = turn === undefined ? publicPress(await storedPress(web.deps.store.redis, gameId), game.config) : undefined;
    const shownSteps = await Promise.all(
      steps
        .filter((s) => s.turn === shown)
        .map(async (s) => {
          const record = (await web.deps.store.record(gameId, s.step))!;
          return { label: s.label, mapUrl: await mapUrl(web, game, s), update: updateHtml(game, record) };
        }),
    );
    // Before the first step, the position it starts from: the nations table and the starting map.
    const start =
      shown === undefined ? { label: startLabel(game), mapUrl: await startMapUrl(web, game), update: renderWebStart(game, siteTemplates()) } : undefined;
    const at = shown === undefined ? -1 : turns.indexOf(shown);
    const turnUrl = (t: number) => `${web.base}/${gameId}/turn-${t}/`;
    const html = renderPage(
      'game',
      { title: game.config.title, base: web.base },
      {
        game: { id: gameId, title: game.config.title, ruleset: game.ruleset.title, turn: game.state.turn, phase: game.state.phase },
        status: statusModel(game, status),
        shown: shown === undefined ? undefined : { turn: shown, steps: shownSteps, latest: shown === turns.at(-1) },
        previous: at > 0 ? turnUrl(turns[at - 1]) : undefined,
        next: at >= 0 && at < turns.length - 1 ? turnUrl(turns[at + 1]) : undefined,
        history: turns.map((t) => ({ turn: t, url: turnUrl(t), shown: t === shown })).reverse(),
        start,
        press,
      },
    );
    return { html, complete: shownSteps.every((s) => s.mapUrl) && (!start || !!start.mapUrl) };
  });
}

let index: { at: number; page: Promise<BuiltPage> } | undefined;

export async function indexPage(web: WebContext): Promise<BuiltPage> {
  if (index && Date.now() - index.at < PAGE_TTL_MS) return index.page;
  const build = async () => {
    const games: Array<Record<string, unknown>> = [];
    for (const id of await web.deps.store.listGames()) {
      const game = await publicGame(web, id).catch(() => null);
      if (!game) continue;
      const status = await web.deps.control.status(id).catch(() => null);
      games.push({
        id,
        url: `${web.base}/${id}/`,
        title: game.config.title,
        ruleset: game.ruleset.title,
        turn: game.state.turn,
        phase: game.state.phase,
        status: statusModel(game, status),
      });
    }
    return builtPage(renderPage('index', { title: 'Games', base: web.base }, { games }));
  };
  index = { at: Date.now(), page: build() };
  index.page.catch(() => (index = undefined));
  return index.page;
}
