// The game before its first step: the nations table of the ruleset's public view of the starting
// state, in the shape of a turn's update (nothing happened yet, so no battles, orders or news),
// for the thread's opening post and the public page; and the map of that state, with no arrows.
import type { Game } from '../game/open-game.ts';
import { taggedSubject } from '../game/subject-tag.ts';
import { flavourSpec } from './flavours.ts';
import { safeUrl } from './escape.ts';
import { formatDeadline, namesFor, nationColours, reportOf, stepLabel } from './report-common.ts';
import type { RenderedMessage, UpdateRenderOptions } from './report.ts';
import { templatesFor, type Templates } from './templates.ts';
import { nationsTable, type UpdateModel, type UpdateOptions } from './update-model.ts';
import { renderMap } from './render-map.ts';

/** "Starting position before Spring 1901" (or "... before Turn 1"): named by the step it leads into. */
export function startLabel(game: Game): string {
  const { turn, phase } = game.state;
  return `Starting position before ${stepLabel(game, { turn, phase, stateBefore: game.state })}`;
}

/** The starting position as an update holding only its nations table (the ruleset's public columns). */
export function startModel(game: Game, options: UpdateOptions = {}): UpdateModel {
  const view = game.ruleset.publicView(game.ctx, game.state, []);
  return {
    gameTitle: game.config.title,
    turn: game.state.turn,
    turnLabel: startLabel(game),
    mapUrl: safeUrl(options.mapUrl),
    mapAttachment: options.mapAttachment ?? null,
    ...nationsTable(game, view, namesFor(game, view)),
    battles: [],
    orders: [],
    noOrders: [],
    sections: [],
    standingNews: [],
    nextDeadline: formatDeadline(options.nextDeadline, game.config.timezone),
  };
}

/** The starting position for the game's thread, in the forum's markup, through the game's update template. */
export function renderStartUpdate(game: Game, options: UpdateRenderOptions): RenderedMessage {
  const model = startModel(game, options);
  return {
    subject: taggedSubject(game.id, model.turnLabel),
    text: templatesFor(game.files).render(flavourSpec(options.flavour).template, model),
  };
}

/** The starting position on the public page, through the site's own update template (every name escaped). */
export function renderWebStart(game: Game, templates: Templates): string {
  return templates.render('web/update.html.hbs', startModel(game, { flavour: 'html' }));
}

/** The map of the starting state: the ruleset's lasting marks (structures, unit shapes), and no arrows, since nothing was ordered. */
export function renderStartMap(game: Game, keyImage?: Buffer): Promise<Buffer> {
  const view = game.ruleset.publicView(game.ctx, game.state, []);
  const colours = nationColours(game);
  const marks = { ...reportOf(game).turnMarks(game.ctx, view), arrows: [] };
  return renderMap({ map: game.map, view, title: game.config.title, caption: startLabel(game), colours, keyImage, marks });
}
