// Which game an email is for. One mailbox can serve several games: a "[game-id]" tag in the
// subject decides first (replies to Adjutant carry it), then the address the mail was sent to.
import { parse } from 'yaml';
import type { GameStore } from '../../store/game-store.ts';

export interface GameRoute {
  id: string;
  /** The game's `mailbox` address from game.yaml, lower-cased, if it has one. */
  mailbox?: string;
}

export type Routing =
  /** `otherTag`: the subject also carries a "[tag]" that is not one of the routes' games. */
  | { gameId: string; via: 'tag' | 'address'; otherTag?: string }
  /** `tagged`: the subject names a game this intake does not serve (another intake's, or a typo). */
  | { gameId: null; why: string; tagged?: string };

const TAG = /\[([a-z0-9][a-z0-9_-]*)\]/gi;

export function routeMail(head: { subject: string; recipients: readonly string[] }, routes: readonly GameRoute[]): Routing {
  const byId = new Map(routes.map((r) => [r.id, r]));
  const tags = [...head.subject.matchAll(TAG)].map((m) => m[1].toLowerCase());
  const tagged = tags.find((t) => byId.has(t));
  if (tagged) return { gameId: tagged, via: 'tag' };
  const recipients = new Set(head.recipients.map((r) => r.toLowerCase()));
  const byAddress = routes.filter((r) => r.mailbox && recipients.has(r.mailbox));
  if (byAddress.length === 1) return { gameId: byAddress[0].id, via: 'address', otherTag: tags[0] };
  if (byAddress.length > 1)
    return { gameId: null, why: `several games share the address ${byAddress[0].mailbox}, and the subject does not say which one`, tagged: tags[0] };
  return { gameId: null, why: tags.length ? `there is no game "${tags[0]}" here` : 'neither the subject nor the address names a game', tagged: tags[0] };
}

/** The routes of every stored game, read from their game.yaml. */
export async function storedRoutes(store: GameStore): Promise<GameRoute[]> {
  const routes: GameRoute[] = [];
  for (const id of await store.listGames()) {
    const text = await store.file(id, 'game.yaml');
    let mailbox: unknown;
    try {
      mailbox = text ? (parse(text) as { mailbox?: unknown } | null)?.mailbox : undefined;
    } catch {
      mailbox = undefined; // a broken game.yaml still routes by its [game-id] tag
    }
    routes.push({ id, mailbox: typeof mailbox === 'string' ? mailbox.toLowerCase() : undefined });
  }
  return routes;
}
