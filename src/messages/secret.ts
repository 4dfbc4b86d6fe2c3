// Secrets (the classic judges' SIGNON): a nation's passphrase proves an email is really from its
// player. An email offers one candidate, from one defined place (`secretCandidate`), so one
// email is one guess. Secrets are removed before the order parser sees the text, and blotted out of
// everything Adjutant sends back.
import { MIN_SECRET_LENGTH } from '../game/game-file.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A secret is a whole "word" when no letter, digit, "-" or "_" touches it on either side.
function secretPattern(secret: string, flags = 'i'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_-])${escape(secret)}(?![\\p{L}\\p{N}_-])`, `${flags}u`);
}

export function carriesSecret(text: string, secret: string | undefined): boolean {
  return !!secret && secretPattern(secret).test(text);
}

// "SIGNON ruby-falcon", "secret: ruby-falcon" or the bare secret on a line of its own. Spaces
// around a sign are "\s*(?:[:=]\s*)?", never "\s*[:=]?\s*": two runs of spaces side by side make a
// long line of spaces cost its length squared.
const SIGNON_WORDS = '(?:signon|sign-on|secret|password|passphrase|passwort|code)';
const WORD = '([\\p{L}\\p{N}_-]+)';
// In a subject, "secret" and its kin need a ":" or "=" ("Re: secret plans" offers no secret).
const SUBJECT_SIGNON = new RegExp(`(?:^|[\\s\\[(,;])(?:sign-?on\\s*(?:[:=]\\s*)?|(?:secret|password|passphrase|passwort|code)\\s*[:=]\\s*)${WORD}`, 'iu');
const SIGNON_LINE = new RegExp(`^\\s*${SIGNON_WORDS}\\s*(?:[:=]\\s*)?${WORD}\\s*(?:[.;,]\\s*)?$`, 'iu');
const BARE_LINE = new RegExp(`^\\s*${WORD}\\s*(?:[.;,]\\s*)?$`, 'u');
const SECRET_CHAR = /[\p{L}\p{N}_-]/u;
const AFTER_LAST_WORD = /[\s.;,!)\]]/u;

/**
 * The one secret an email offers, from the first of these places that has one: a "SECRET: x" (or
 * "SIGNON x") in the subject, a sign-on line in the text, the text's first line of one long word,
 * the subject's last word when it looks like a secret (long enough, and with a digit, "-" or "_",
 * so that a subject like "Re: commands" offers none).
 */
export function secretCandidate(subject: string, text: string): string | null {
  const inSubject = SUBJECT_SIGNON.exec(subject)?.[1];
  if (inSubject) return inSubject;
  const lines = text.split('\n');
  for (const line of lines) {
    const signon = SIGNON_LINE.exec(line)?.[1];
    if (signon) return signon;
  }
  for (const line of lines) {
    const bare = BARE_LINE.exec(line)?.[1];
    if (bare && bare.length >= MIN_SECRET_LENGTH) return bare;
  }
  const last = lastWord(subject);
  return last.length >= MIN_SECRET_LENGTH && /[\p{N}_-]/u.test(last) ? last : null;
}

/** The subject's last word, before any closing signs; read from the end, as a regex anchored there would retry from every start. */
function lastWord(subject: string): string {
  const chars = [...subject];
  let end = chars.length;
  while (end > 0 && AFTER_LAST_WORD.test(chars[end - 1])) end--;
  let start = end;
  while (start > 0 && SECRET_CHAR.test(chars[start - 1])) start--;
  return chars.slice(start, end).join('');
}

/** The candidate is this secret (letter case aside). */
export function isSecret(candidate: string | null, secret: string | undefined): boolean {
  return !!candidate && !!secret && candidate.toLowerCase() === secret.toLowerCase();
}

/** Removes every secret: a line that only signs on becomes empty (line numbers stay), other mentions vanish. */
export function stripSecrets(text: string, secrets: readonly string[]): string {
  const live = secrets.filter(Boolean).map((secret) => ({
    whole: new RegExp(`^\\s*(?:${SIGNON_WORDS}\\s*(?:[:=]\\s*)?)?${escape(secret)}\\s*(?:[.;,]\\s*)?$`, 'iu'),
    anywhere: new RegExp(`(?:${SIGNON_WORDS}\\s*(?:[:=]\\s*)?)?${secretPattern(secret).source}`, 'giu'),
  }));
  if (!live.length) return text;
  return text
    .split('\n')
    .map((line) => {
      let out = line;
      for (const { whole, anywhere } of live) {
        if (whole.test(out)) return '';
        out = out.replace(anywhere, '');
      }
      return out;
    })
    .join('\n');
}

/** Replaces every secret with "[secret]": for anything that quotes a player back to anyone. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets.filter(Boolean)) out = out.replace(secretPattern(secret, 'gi'), '[secret]');
  return out;
}
