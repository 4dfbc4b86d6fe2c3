// The order grammar of each ruleset, by ruleset id. The grammars are compiled from grammar/*.ne
// by `npm run build:grammar` into src/orders/generated/.
import nearley from 'nearley';
import type { GameState, Order, ProvinceKind } from '../engine/index.ts';
import boardNes from './generated/board-nes.ts';
import warfare from './generated/warfare.ts';
import { Vocabulary } from './vocabulary.ts';
import { foldWordClasses } from './word-classes.ts';

export interface OrderGrammar {
  rulesetId: string;
  grammar: nearley.Grammar;
  vocabulary: Vocabulary;
  /** The unit types that may stand in each kind of province: a unit type left out is one of these. */
  unitTypes: Readonly<Record<ProvinceKind, readonly string[]>>;
  /** How an order reads in the game's current phase, when players write it another way then. */
  inPhase?: (order: Order, state: GameState) => Order;
}

/** A ruleset with no order grammar: its players' orders cannot be read from text. */
export class NoGrammarError extends Error {
  override name = 'NoGrammarError';
}

// Rules whose words show that a line was meant as an order (verbs and unit words), as opposed to
// the fillers, numbers and prepositions that everyday sentences use too.
const WARFARE_ORDER_RULES = ['ARMY', 'FLEET', 'HOLD_VERB', 'MOVE_VERB', 'SUPPORT_VERB', 'CONVOY_VERB', 'RETREAT_VERB', 'DISBAND_VERB', 'BUILD_VERB', 'WAIVE_VERB'];
const BOARD_NES_ORDER_RULES = ['ARMY', 'FLEET', 'HOLD_VERB', 'MOVE_VERB', 'DISBAND_VERB', 'BUY_VERB', 'STRUCTURE', 'LOAD_VERB', 'UNLOAD_VERB', 'CLAIM_VERB', 'CARAVAN', 'ESCORT', 'STEAL_VERB', 'AIM_VERB', 'NAVAL', 'PLAN_WORDS'];

/** In a retreat phase most players write a retreat as a move ("A Par - Pic"). */
function warfareInPhase(order: Order, state: GameState): Order {
  if (state.phase !== 'retreats' || order.kind !== 'move') return order;
  const { viaConvoy: _via, ...rest } = order;
  return { ...rest, kind: 'retreat' };
}

interface CompiledGrammar {
  Lexer?: unknown;
  ParserStart: string;
  ParserRules: Array<{ name: string; symbols: unknown[] }>;
}

function entry(rulesetId: string, compiled: CompiledGrammar, orderRules: readonly string[], rest: Pick<OrderGrammar, 'unitTypes' | 'inPhase'>): OrderGrammar {
  const folded = { ...compiled, ParserRules: foldWordClasses(compiled.ParserRules) };
  return {
    ...rest,
    rulesetId,
    grammar: nearley.Grammar.fromCompiled(folded as unknown as nearley.CompiledRules),
    vocabulary: new Vocabulary(compiled.ParserRules, new Set(orderRules)),
  };
}

const grammars = new Map<string, OrderGrammar>([
  // Warfare fleets sail along coasts; board NES fleets keep to the seas.
  ['warfare', entry('warfare', warfare, WARFARE_ORDER_RULES, { unitTypes: { land: ['army'], coastal: ['army', 'fleet'], sea: ['fleet'] }, inPhase: warfareInPhase })],
  ['board-nes', entry('board-nes', boardNes, BOARD_NES_ORDER_RULES, { unitTypes: { land: ['army'], coastal: ['army'], sea: ['fleet'] } })],
]);

export function hasGrammar(rulesetId: string): boolean {
  return grammars.has(rulesetId);
}

export function grammarFor(rulesetId: string): OrderGrammar {
  const found = grammars.get(rulesetId);
  if (!found) {
    throw new NoGrammarError(
      `Orders for the ruleset "${rulesetId}" cannot be read from text: it has no order grammar (grammars exist for ${[...grammars.keys()].sort().join(', ')}). Give parsed orders instead, or add grammar/${rulesetId}.ne.`,
    );
  }
  return found;
}
