// The parser's result contract: the mail loop, GM tickets, scenarios and `adjutant parse --json`
// all read this shape.
import type { Order } from '../engine/index.ts';

export interface ParsedOrder extends Order {
  /** 1-based line of the message the order came from. */
  line: number;
  /** The text of that order as the player wrote it. */
  text: string;
  /** The order written back in the ruleset's standard notation. */
  canonical: string;
  /** One of the orders a blanket order gives ("All units hold"): the unit's own order, on any line, wins over it. */
  blanket?: true;
}

export interface AmbiguousLine {
  line: number;
  text: string;
  candidates: ParsedOrder[];
}

export interface ParseError {
  line: number;
  text: string;
  message: string;
  suggestions: string[];
  /** The ruleset's reason code (UPPER_SNAKE) when the order was understood but is not allowed. */
  code?: string;
}

export interface IgnoredLine {
  line: number;
  text: string;
  why: string;
}

export interface ParseResult {
  orders: ParsedOrder[];
  ambiguous: AmbiguousLine[];
  errors: ParseError[];
  ignored: IgnoredLine[];
}
