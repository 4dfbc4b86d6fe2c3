// Secrets (the classic judges' SIGNON): a nation's passphrase proves an email is really from its
// player. They are found as whole words anywhere in the subject or the new text, removed before
// the order parser sees the text, and blotted out of everything Adjutant sends back.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A secret is a whole "word" when no letter, digit, "-" or "_" touches it on either side.
function secretPattern(secret: string, flags = 'i'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_-])${escape(secret)}(?![\\p{L}\\p{N}_-])`, `${flags}u`);
}

export function carriesSecret(text: string, secret: string | undefined): boolean {
  return !!secret && secretPattern(secret).test(text);
}

// "SIGNON ruby-falcon", "secret: ruby-falcon" or the bare secret on a line of its own.
const SIGNON_WORDS = '(?:signon|sign-on|secret|password|passphrase|passwort|code)';

/** Removes every secret: a line that only signs on becomes empty (line numbers stay), other mentions vanish. */
export function stripSecrets(text: string, secrets: readonly string[]): string {
  const live = secrets.filter(Boolean);
  if (!live.length) return text;
  return text
    .split('\n')
    .map((line) => {
      let out = line;
      for (const secret of live) {
        const whole = new RegExp(`^\\s*(?:${SIGNON_WORDS}\\s*[:=]?\\s*)?${escape(secret)}\\s*[.;,]?\\s*$`, 'iu');
        if (whole.test(out)) return '';
        out = out.replace(secretPattern(secret, 'gi'), '');
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
