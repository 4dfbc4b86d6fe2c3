// PRESS as the classic judges have it: a message to other nations, relayed by the game.
//   PRESS TO red, blue        the lines below go to those nations
//   PRESS TO ALL  (BROADCAST) to every nation
//   ... ANON                  without saying who sent it, where the game allows (mail.press: grey)
// The message runs to ENDPRESS or to the end of the email.

export interface PressCommand {
  name: 'press';
  /** Nation ids, or every nation. */
  to: string[] | 'all';
  anonymous: boolean;
  text: string;
}

/** Longest press relayed: a letter, not a book (every byte is copied to every recipient). */
export const PRESS_LIMIT = 8000;

export function readPress(
  word: string,
  rest: string,
  lines: readonly string[],
  i: number,
  nations: readonly string[],
): { end: number; command?: PressCommand; problem?: string } {
  let end = i + 1;
  while (end < lines.length && !/^\s*end\s*press\s*$/i.test(lines[end])) end++;
  const text = lines
    .slice(i + 1, end)
    .join('\n')
    .trim();
  let head = rest.trim();
  const anonymous = /\b(anon|anonymous)\s*$/i.test(head);
  head = head.replace(/\b(anon|anonymous)\s*$/i, '').trim();
  const targets = word === 'BROADCAST' ? 'all' : head.replace(/^to\b/i, '').trim();
  const usage = 'write PRESS TO and the nations (or ALL) on one line, add ANON to send it unsigned, and the message on the lines below.';
  if (!targets) return { end, problem: usage };
  if (!text) return { end, problem: 'the press has no message below it.' };
  if (text.length > PRESS_LIMIT) return { end, problem: `the press is ${text.length} characters long; the most relayed is ${PRESS_LIMIT}.` };
  if (targets === 'all' || /^all$/i.test(targets)) return { end, command: { name: 'press', to: 'all', anonymous, text } };
  const named = targets
    .split(/[\s,]+(?:and\s+)?/i)
    .filter(Boolean)
    .map((n) => n.toLowerCase());
  const unknown = named.filter((n) => !nations.includes(n));
  if (unknown.length) return { end, problem: `there is no nation "${unknown[0].slice(0, 30)}"; the nations are ${nations.join(', ')}.` };
  return { end, command: { name: 'press', to: [...new Set(named)], anonymous, text } };
}
