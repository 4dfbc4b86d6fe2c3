// What the compiled grammars see as their lexer. The line is lexed and its names resolved before
// parsing (tokens.ts), so nearley is handed ready-made tokens instead of text.
import type { Token } from './lexer.ts';

export class TokenStream {
  private index = 0;

  constructor(private readonly tokens: readonly Token[] = []) {}

  reset(_chunk: string, _state?: unknown): void {
    this.index = 0;
  }

  next(): Token | undefined {
    return this.tokens[this.index++];
  }

  save(): undefined {
    return undefined;
  }

  formatError(token: Token): string {
    return `unexpected "${token.raw}"`;
  }

  /** Grammars name token types (%name, %dash...); every type a grammar names exists. */
  has(_type: string): boolean {
    return true;
  }
}

/** The lexer the grammars are compiled against; parse-line.ts gives each parse its own stream. */
export const lexer = new TokenStream();
