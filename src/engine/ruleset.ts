// The contract between a ruleset and everything else. A ruleset is a plain object of pure
// functions (no I/O, no clock, no global random): the same state, orders and dice always give
// the same next state and events.
import type { z } from 'zod';
import type { CombatSystem } from './combat.ts';
import type { Dice } from './dice.ts';
import type { GameEvent } from './events.ts';
import type { StandingRules } from './game-end.ts';
import type { MapGraph } from './map.ts';
import type { OrderLanguage } from './order-language.ts';
import type { Order, OrderKindDoc, OrdersByNation, Verdict } from './orders.ts';
import type { Registry } from './registry.ts';
import type { ReportHooks } from './report.ts';
import type { GameState, Unit } from './state.ts';

export interface NationSetup {
  id: string;
  name: string;
  colour?: string;
  /** Free per-ruleset data from game.yaml (home provinces, starting gold...). */
  attributes?: Record<string, unknown>;
}

export interface RulesetContext<O = Record<string, unknown>> {
  map: MapGraph;
  /** The game's options, already checked against the ruleset's schema and defaults applied. */
  options: O;
  combat: Registry<CombatSystem>;
  /** The nations' names as the game's players know them (game.yaml), for orders in plain words. */
  nationNames?: Readonly<Record<string, string>>;
}

/** A nation by its name for the words a player reads; its id when the context has no names (a bare test context). */
export function nationNameOf(ctx: RulesetContext<unknown>, nation: string): string {
  return ctx.nationNames?.[nation] ?? nation;
}

export interface TurnResult<S extends GameState = GameState> {
  state: S;
  events: GameEvent[];
}

/** What forum readers may know. Rulesets add their own public facts (gold, tax income...). */
export interface PublicView {
  turn: number;
  phase: string;
  nations: Array<{ id: string; name: string; provinces: number; units: number; [field: string]: unknown }>;
  provinces: Record<string, { owner: string | null; [field: string]: unknown }>;
  units: Unit[];
  events: GameEvent[];
  [field: string]: unknown;
}

/** What one nation may know: the public view plus its own secrets, never another nation's. */
export interface NationView extends PublicView {
  nation: string;
}

export interface Ruleset<S extends GameState = GameState, O = Record<string, unknown>> {
  id: string;
  title: string;
  /** Order kinds this ruleset understands, documented for players. */
  orderKinds: readonly OrderKindDoc[];
  /** How players write the orders (grammar, order words, unit types); absent: orders only as data. */
  language?: OrderLanguage;
  /**
   * What an order is about: a later order about the same thing replaces it (docs/mail.md's
   * resubmission rules), and standing orders are kept per subject. `unitOrderSubject` is the usual answer.
   */
  orderSubject(order: Order): string;
  /** Game options (house rules, editions, combat system); parse() fills defaults. */
  options: z.ZodType<O>;
  /** Combat system used when the game does not choose one; absent for rulesets without dice battles. */
  defaultCombat?: string;
  setup(ctx: RulesetContext<O>, nations: readonly NationSetup[]): S;
  /** Checks one parsed order given the nation's orders already accepted ahead of it. */
  validate(ctx: RulesetContext<O>, state: S, nation: string, order: Order, accepted: readonly Order[]): Verdict;
  /**
   * What the nation's orders in force, taken together, still lack for the turn to carry them out as
   * written (requirements of the whole set, which no single order's check sees), in sentences the
   * confirmation prints under the orders; none when nothing is missing. Pure, like validate.
   */
  confirmationNotes?(ctx: RulesetContext<O>, state: S, nation: string, orders: readonly Order[]): string[];
  adjudicate(ctx: RulesetContext<O>, state: S, orders: OrdersByNation, dice: Dice): TurnResult<S>;
  /** The order in the ruleset's standard notation ("A par - bur"). */
  formatOrder(order: Order): string;
  /** The order in plain words for confirmations and reports ("Your army in Paris moves to Burgundy."). */
  describeOrder(ctx: RulesetContext<O>, order: Order): string;
  publicView(ctx: RulesetContext<O>, state: S, events: readonly GameEvent[]): PublicView;
  privateView(ctx: RulesetContext<O>, state: S, events: readonly GameEvent[], nation: string): NationView;
  /** The ruleset's words in reports and what its maps draw; without it, reports show the events' own messages. */
  report?: ReportHooks<O>;
  /** What a nation's standing counts, when it is out, and what wins; without it, provinces (provinceStanding). */
  standing?: StandingRules<O>;
}

// Rulesets are stored in one registry whatever their state and option types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any>;

export function defineRuleset<S extends GameState, O>(ruleset: Ruleset<S, O>): Ruleset<S, O> {
  return ruleset;
}
