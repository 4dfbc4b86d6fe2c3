// The welcome mail a player gets when added to a game (a new game stored, or the GM's REPLACE):
// the nation, the secret, where the nation stands (from its own view), how to order, the deadline,
// the game's page and the nation's own page. It is the one message that carries a secret, and only
// the addressee's own, to the address registered for it.
import { orderHelp } from './order-help.ts';
import type { GameState } from '../engine/index.ts';
import type { GameFile } from '../game/game-file.ts';
import { openGame, type GameFiles } from '../game/open-game.ts';
import { GameFolderError } from '../game/problems.ts';
import { nationStanding } from '../render/report-model.ts';
import { templatesFor } from '../render/templates.ts';
import type { GameStore } from '../store/game-store.ts';
import type { Outbox, OutgoingMessage } from '../store/outbox.ts';
import type { GameControl } from '../turns/game-control.ts';
import { compose } from './replies.ts';
import { formatTime } from './time-text.ts';

export interface WelcomeInput {
  gameId: string;
  files: GameFiles;
  nation: string;
  /** The game's address (its mailbox, else the intake's). */
  address: string;
  deadline: Date | null;
  /** The public base URL (ADJUTANT_PUBLIC_URL); the game's page is linked only when it is set. */
  publicUrl?: string;
  /** The nation's private page: its signed, revocable link (src/web), when the site has one. */
  nationUrl?: string;
  /** The game's state as stored, where the nation's position is read; without it, the state its files start from. */
  state?: GameState;
  key: string;
}

export function gamePageUrl(publicUrl: string | undefined, gameId: string): string | undefined {
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}/${encodeURIComponent(gameId)}/` : undefined;
}

export function welcomeMail(input: WelcomeInput): OutgoingMessage {
  const { game, problems } = openGame(input.gameId, input.files);
  if (!game) throw new GameFolderError(problems);
  const config = game.config;
  const nation = config.nations[input.nation];
  const player = nation.player!;
  const zone = player.timezone ?? config.timezone;
  // Every other secret of the game stays blotted out, as in every message.
  const others = [
    config.gm.secret,
    ...Object.entries(config.nations)
      .filter(([id]) => id !== input.nation)
      .map(([, n]) => n.secret),
  ].filter((s): s is string => !!s && s !== nation.secret);
  return compose(
    { gameId: input.gameId, from: input.address, templates: templatesFor(input.files), secrets: others, tag: input.gameId },
    {
      key: input.key,
      to: player.email,
      subject: `Welcome to ${config.title}: you play ${nation.name}`,
      template: 'welcome',
      data: {
        gameId: input.gameId,
        gameTitle: config.title,
        playerName: player.name,
        playerEmail: player.email,
        nationName: nation.name,
        gmName: config.gm.name,
        gmEmail: config.gm.email,
        secret: nation.secret,
        address: input.address,
        // Examples the nation could give now, from its own position.
        orderKinds: orderHelp(game, input.nation, input.state),
        deadline: input.deadline ? formatTime(input.deadline, zone) : 'not set yet; your GM will say',
        gameUrl: gamePageUrl(input.publicUrl, input.gameId),
        nationUrl: input.nationUrl,
        // From the nation's own view of the game: nothing another nation keeps to itself.
        standing: nationStanding(input.state ? { ...game, state: input.state } : game, input.nation),
      },
    },
  );
}

/**
 * Records a welcome for every player of a newly stored game, or for those of `only.nations` on an
 * occasion (a game update that gave them the nation); returns how many. Recording twice sends once.
 * `nationPageUrl` makes each nation's private page link (src/web/nation-links.ts), when the site has one.
 */
export async function welcomePlayers(
  deps: {
    store: GameStore;
    outbox: Outbox;
    control: GameControl;
    address: string;
    publicUrl?: string;
    nationPageUrl?: (gameId: string, nation: string) => Promise<string>;
  },
  gameId: string,
  only?: { nations: readonly string[]; occasion: string },
): Promise<number> {
  const files = await deps.store.files(gameId);
  const { game, problems } = openGame(gameId, files);
  if (!game) throw new GameFolderError(problems);
  const [status, state] = await Promise.all([deps.control.status(gameId), deps.store.state(gameId)]);
  const players = Object.entries(game.config.nations as GameFile['nations']).filter(([id, n]) => n.player && (!only || only.nations.includes(id)));
  for (const [nation, n] of players) {
    const key = `welcome:${nation}:${n.player!.email.toLowerCase()}${only ? `:${only.occasion}` : ''}`;
    const nationUrl = await deps.nationPageUrl?.(gameId, nation);
    await deps.outbox.record(
      gameId,
      welcomeMail({
        gameId,
        files,
        nation,
        address: game.config.mailbox ?? deps.address,
        deadline: status.deadline,
        publicUrl: deps.publicUrl,
        nationUrl,
        state,
        key,
      }),
    );
  }
  return players.length;
}
