// The messages of one adjudicated step: each nation's private report (plain text with an HTML
// alternative), the public update for the game's thread (in its flavour: BBCode or Markdown) and
// the GM's summary. Templates come from templates/ unless the game folder has its own.
import type { Game } from '../game/open-game.ts';
import { taggedSubject } from '../game/subject-tag.ts';
import type { TurnRecord } from '../store/turn-record.ts';
import { gmSummaryModel, privateReportModel } from './report-model.ts';
import { templatesFor, type Templates } from './templates.ts';
import { DEFAULT_FLAVOUR, flavourSpec, type Flavour } from './flavours.ts';
import { updateModel, type UpdateOptions } from './update-model.ts';

export interface RenderedMessage {
  subject: string;
  text: string;
  html?: string;
}

export interface ReportOptions {
  nextDeadline?: Date | string;
  /** The nation's private web page (a signed link), shown in its report when the site is public. */
  pageUrl?: string;
}

export function renderPrivateReport(game: Game, record: TurnRecord, nation: string, options: ReportOptions = {}): RenderedMessage {
  const model = (format: 'txt' | 'html') => ({ ...privateReportModel(game, record, nation, options.nextDeadline, format), pageUrl: options.pageUrl });
  const text = model('txt');
  const templates = templatesFor(game.files);
  return {
    subject: taggedSubject(game.id, `${text.turnLabel} results for ${text.nation.name}`),
    text: templates.render('report.txt.hbs', text),
    html: templates.render('report.html.hbs', model('html')),
  };
}

export interface UpdateRenderOptions extends UpdateOptions {
  flavour: Flavour;
}

/** The public update, ready to paste into the forum: the text is BBCode or Markdown as the flavour says. */
export function renderPublicUpdate(game: Game, record: TurnRecord, options: UpdateRenderOptions): RenderedMessage {
  const model = updateModel(game, record, options);
  return {
    subject: taggedSubject(game.id, `${model.turnLabel} public update`),
    text: templatesFor(game.files).render(flavourSpec(options.flavour).template, model),
  };
}

/**
 * The public update as the web page shows it: the same model as the forum's, its sentences written
 * in HTML, through the site's own template (templates/web/update.html.hbs, which a game folder
 * does not replace), so no forum's markup ever reaches the page.
 */
export function renderWebUpdate(game: Game, record: TurnRecord, templates: Templates): string {
  return templates.render('web/update.html.hbs', updateModel(game, record, { flavour: 'html' }));
}

/** The GM's summary; the file copy and the email are this one rendering, from the step's record. */
export function renderGmSummary(game: Game, record: TurnRecord, options: ReportOptions = {}): RenderedMessage {
  const model = gmSummaryModel(game, record, options.nextDeadline);
  return {
    subject: taggedSubject(game.id, `${model.turnLabel} GM summary`),
    text: templatesFor(game.files).render('gm-summary.txt.hbs', model),
  };
}

export interface ReportRendererOptions {
  flavour?: Flavour;
  /** Where the step's map image is served (see writeTurnOutputs), for the update's [IMG]. */
  mapUrl?: (game: Game, record: TurnRecord) => string | undefined;
  /** The file name the map is attached under (the update says so when it has no URL for it). */
  mapAttachment?: string;
  nextDeadline?: (game: Game, record: TurnRecord) => Date | string | undefined;
  /** The nation's private page link for its report (see src/web/nation-links.ts). */
  pageUrl?: (gameId: string, nation: string) => Promise<string>;
}

/** The three renderers in the shape the publish job calls them (privateReport, publicUpdate, gmSummary). */
export function createReportRenderer(options: ReportRendererOptions = {}) {
  return {
    privateReport: async (game: Game, record: TurnRecord, nation: string) =>
      renderPrivateReport(game, record, nation, { nextDeadline: options.nextDeadline?.(game, record), pageUrl: await options.pageUrl?.(game.id, nation) }),
    publicUpdate: (game: Game, record: TurnRecord) =>
      renderPublicUpdate(game, record, {
        flavour: options.flavour ?? DEFAULT_FLAVOUR,
        mapUrl: options.mapUrl?.(game, record),
        mapAttachment: options.mapAttachment,
        nextDeadline: options.nextDeadline?.(game, record),
      }),
    gmSummary: (game: Game, record: TurnRecord) => renderGmSummary(game, record, { nextDeadline: options.nextDeadline?.(game, record) }),
  };
}
