// Asking the GM before something that cannot be undone. Without a terminal to ask on, the answer
// is no: scripts say --yes.
import { createInterface } from 'node:readline/promises';

export class NeedsConfirmationError extends Error {
  override name = 'NeedsConfirmationError';
}

/** True when the GM types `expected` in answer to `question`. */
export async function confirm(question: string, expected: string, input: NodeJS.ReadStream = process.stdin): Promise<boolean> {
  if (!input.isTTY) throw new NeedsConfirmationError('This asks for confirmation and there is no terminal to ask on; add --yes to go ahead.');
  const rl = createInterface({ input, output: process.stdout });
  try {
    return (await rl.question(question)).trim() === expected;
  } finally {
    rl.close();
  }
}
