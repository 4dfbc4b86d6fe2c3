// What a ruleset tells readers after a step, as data render turns into BBCode, Markdown, text or
// HTML: sentences whose nations and provinces stay ids until render names them (and colours a
// nation's name where the forum can), the nations table, battles as a GM tells them, every order
// with its result. Each ruleset writes its own words; render knows none of them.
import type { BattleRound } from './combat.ts';
import type { GameEvent } from './events.ts';
import type { Order } from './orders.ts';
import type { NationView, PublicView, RulesetContext } from './ruleset.ts';

/** A piece of a sentence: plain words, or a nation or province that render names. */
export type Phrase = string | { nation: string } | { province: string };
export type Sentence = readonly Phrase[];

export const nation = (id: string): Phrase => ({ nation: id });
export const province = (id: string): Phrase => ({ province: id });

/** A sentence from a template literal: say`${nation('red')} took ${province('york')}.`. */
export function say(words: TemplateStringsArray, ...parts: ReadonlyArray<Phrase | number>): Sentence {
  const out: Phrase[] = [];
  words.forEach((text, i) => {
    if (text) out.push(text);
    if (i < parts.length) {
      const part = parts[i];
      out.push(typeof part === 'number' ? String(part) : part);
    }
  });
  return out;
}

/** Sentences joined with a separator ("Caledonia, Londinium and Navarre"). */
export function listOf(items: readonly Sentence[], last = ' and '): Sentence {
  const out: Phrase[] = [];
  items.forEach((item, i) => {
    if (i) out.push(i === items.length - 1 ? last : ', ');
    out.push(...item);
  });
  return out;
}

export interface ReportTable {
  columns: string[];
  rows: Array<{ nation: string; cells: Array<number | string> }>;
}

export interface ReportSection {
  title: string;
  lines: Sentence[];
}

/** A battle as a GM tells it ("Caledonia's 3 armies attacked York, held by Londinium's 2..."), dice aside. */
export interface BattleStory {
  province: string;
  title: Sentence;
  story: Sentence;
  /** The rounds and their dice, for readers who want to check them (a spoiler in the forum). */
  dice: Sentence[];
  notes: Sentence[];
}

export interface OrderResult {
  /** The order in the ruleset's notation with province names ("A Munich - Burgundy"). */
  order: Sentence;
  /** How judges print the result: null when it succeeded, else "bounced", "dislodged", "cut"... */
  result: string | null;
}

export interface NationOrders {
  nation: string;
  orders: OrderResult[];
}

/** Lasting features of a province the map draws: its improvements, works and defences. */
export const PROVINCE_FEATURES = [
  'urban',
  'industry',
  'port',
  'airbase',
  'lab',
  'railroad',
  'canal',
  'academy',
  'fortification',
  'mothballed-fortification',
] as const;
export type ProvinceFeature = (typeof PROVINCE_FEATURES)[number];

/** How the map draws a unit type: as an army's square, a fleet's hull, or an aircraft's wings. */
export type UnitShape = 'army' | 'fleet' | 'aircraft';

/** What the map draws of the step: arrows for orders, marks on provinces for what happened there. */
export interface TurnMarks {
  arrows: Array<{
    kind: 'move' | 'support' | 'convoy' | 'retreat';
    from: string;
    to: string;
    /** For a support or convoy: the province the supported or convoyed unit moves to, if it moves. */
    via?: string;
    ok: boolean;
    nation: string;
  }>;
  provinces: Array<{ province: string; mark: 'battle' | 'captured' | 'dislodged' | 'destroyed' | 'built' | 'disbanded' | 'structure' }>;
  /** Lasting features drawn beside a province's units, with a level where one applies (fortification). */
  features?: Array<{ province: string; feature: ProvinceFeature; level?: number }>;
  /** The ruleset's own word for a feature in the legend ("Factory" for industry), where it has one. */
  featureWords?: Readonly<Partial<Record<ProvinceFeature, string>>>;
  /** Unit types not drawn as armies; a type named "fleet" is a fleet without being listed. */
  unitShapes?: Readonly<Record<string, UnitShape>>;
}

/**
 * The words of a ruleset's reports. Hooks read views (never raw state), so a nation's report holds
 * only what the ruleset let it see, and the public update only public facts.
 */
export interface ReportHooks<O = Record<string, unknown>> {
  /** The nations table of the public update: the columns that mean something in this ruleset. */
  updateTable(ctx: RulesetContext<O>, view: PublicView): ReportTable;
  /** The battles among these (already filtered) events, told as a GM would. */
  battles(ctx: RulesetContext<O>, events: readonly GameEvent[]): BattleStory[];
  /** What forum readers learn this step besides battles and orders, in titled sections. */
  publicNews(ctx: RulesetContext<O>, view: PublicView): ReportSection[];
  /** What this nation learned: the public news it saw, and what only it (and the GM) was told. */
  privateNews(ctx: RulesetContext<O>, view: NationView): ReportSection[];
  /** Every order with its result, when the ruleset publishes them (Diplomacy style), by nation. */
  revealedOrders?(ctx: RulesetContext<O>, view: PublicView): NationOrders[];
  /**
   * How the step treated nations that sent no orders ("Navarre sent no orders; its units held.").
   * For a nation whose lines were all refused, render writes "had no orders carried out" in place
   * of the words "sent no orders", so a sentence should say it in those words.
   */
  noOrders(ctx: RulesetContext<O>, before: PublicView, nations: readonly string[]): Sentence[];
  /** What the map draws of the step (public facts only). */
  turnMarks(ctx: RulesetContext<O>, view: PublicView): TurnMarks;
  /**
   * What a nation's private map draws of its orders in force, before the turn is played: the arrows
   * and marks its update would draw of them (moves, supports, convoys as arrows, every one `ok`; builds
   * as marks), all in this nation's name. Given only this nation's orders; without it, no arrows.
   */
  orderMarks?(ctx: RulesetContext<O>, nation: string, orders: readonly Order[]): Pick<TurnMarks, 'arrows' | 'provinces'>;
}

/** A combat system's own account of its rounds and dice. */
export interface CombatReport {
  rounds(rounds: readonly BattleRound[]): Sentence[];
}

/** The nations table from numeric public facts of the view: `columns` maps a fact to its heading. */
export function nationsTable(view: PublicView, columns: Readonly<Record<string, string>>): ReportTable {
  const keys = Object.keys(columns);
  return {
    columns: keys.map((k) => columns[k]),
    rows: view.nations.map((n) => ({ nation: n.id, cells: keys.map((k) => (typeof n[k] === 'number' ? (n[k] as number) : '')) })),
  };
}
