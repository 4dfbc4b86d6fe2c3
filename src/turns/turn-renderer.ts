// How a step's results become messages. The reports of src/render (Handlebars templates a game
// folder may override) are the default; tests slow them down to place a kill in the middle.
import type { Game } from '../game/open-game.ts';
import { createReportRenderer } from '../render/report.ts';
import { DEFAULT_FLAVOUR, type Flavour } from '../render/flavours.ts';
import type { TurnRecord } from '../store/turn-record.ts';

export interface TurnMessage {
  subject: string;
  text: string;
  html?: string;
}

/** What a renderer may want beyond the record: where the step's map is served, the next deadline. */
export interface RenderInfo {
  nextDeadline?: Date;
  mapUrl?: string;
  /** The file name the map is attached under, when the message carries it. */
  mapAttachment?: string;
  /** The update's markup when the game's forum section sets it; otherwise the renderer's own. */
  flavour?: Flavour;
}

export interface TurnRenderer {
  privateReport(game: Game, record: TurnRecord, nation: string): TurnMessage | Promise<TurnMessage>;
  /** The public update, in the forum's markup: posted into the game's thread, or mailed to the GM to post. */
  publicUpdate(game: Game, record: TurnRecord): TurnMessage | Promise<TurnMessage>;
  /** Everything, for the GM: every event with its audience, the dice, who missed the deadline. */
  gmSummary(game: Game, record: TurnRecord): TurnMessage | Promise<TurnMessage>;
}

/** A renderer per publish job, given what is known about the step then. */
export type RendererFactory = (info: RenderInfo) => TurnRenderer;

/** `pageUrl`: each nation's private page link for its report, when the site is public. */
export function reportRenderer(flavour: Flavour = DEFAULT_FLAVOUR, pageUrl?: (gameId: string, nation: string) => Promise<string>): RendererFactory {
  return (info) =>
    createReportRenderer({
      flavour: info.flavour ?? flavour,
      mapUrl: () => info.mapUrl,
      mapAttachment: info.mapAttachment,
      nextDeadline: () => info.nextDeadline,
      pageUrl,
    });
}
