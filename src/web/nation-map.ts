// The map on a nation's private page (src/render/nation-map.ts): the position it orders from, its
// own units marked, its orders in force as arrows. Served as SVG under the nation's signed link
// (GET /-/nation/<token>/map.svg?v=<version>), never cached by the browser. The version names what
// the picture shows (the step, a rollback, the game's files and this nation's orders, never
// another's), so the page's address changes when the orders do, and a picture once drawn is kept
// in memory by it: a big map is not drawn again for every visit, and a bounded number are kept.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Order } from '../engine/index.ts';
import { drawNationMap } from '../render/nation-map.ts';
import { keyImageOf } from '../render/turn-outputs.ts';
import { storedGame } from '../store/stored-game.ts';
import { BoundedCache } from './bounded-cache.ts';
import { SECURITY_HEADERS } from './http-kit.ts';
import type { WebContext } from './web-context.ts';

/** Nation maps kept drawn: a key-image map's SVG holds its picture, up to a few megabytes each. */
const DRAWN = new BoundedCache<Promise<string>>(24);

/** What the nation's map shows, as a short word: the same as long as the picture would be. */
export async function nationMapVersion(web: WebContext, gameId: string, nation: string): Promise<string> {
  return (await shown(web, gameId, nation)).version;
}

/** The nation's orders in force, and the version of the map that draws them. */
async function shown(web: WebContext, gameId: string, nation: string): Promise<{ version: string; orders: Order[] }> {
  const { store } = web.deps;
  const [{ step, epoch }, files, inForce] = await Promise.all([store.stepAndEpoch(gameId), store.filesVersion(gameId), store.nationOrders(gameId, nation)]);
  const orders = inForce?.orders ?? [];
  const version = createHash('sha256')
    .update(JSON.stringify([step, epoch, files, orders]))
    .digest('base64url')
    .slice(0, 16);
  return { version, orders };
}

/** The address of the nation's map for its page, with the version it shows. */
export function nationMapUrl(web: WebContext, token: string, version: string): string {
  return `${web.base}/-/nation/${token}/map.svg?v=${version}`;
}

/** The nation's map as SVG, drawn once per version; null when the game or nation is gone. */
export async function nationMapSvg(web: WebContext, gameId: string, nation: string): Promise<string | null> {
  const { store } = web.deps;
  if (!(await store.exists(gameId))) return null;
  // Only this nation's orders are read: another's never reach the drawing.
  const { version, orders } = await shown(web, gameId, nation);
  const key = `${gameId}\n${nation}\n${version}`;
  const svg = DRAWN.get(key, async () => {
    const game = await storedGame(store, gameId);
    return game.config.nations[nation] ? drawNationMap({ game, nation, orders, keyImage: keyImageOf(game) }) : '';
  });
  svg.catch(() => DRAWN.delete(key));
  return (await svg) || null;
}

/** Sends the map: private to the link's holder, so never stored by a browser or a proxy. */
export function sendSvg(res: ServerResponse, svg: string, head: boolean): void {
  const body = Buffer.from(svg);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'image/svg+xml; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : body);
}
