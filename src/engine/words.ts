// Numbers beside nouns, said the one way every report, reply and template says them: "1 army",
// "2 armies", "0 caravans", "4 infantry". Templates reach the same function through the `counted`
// Handlebars helper, so no piece of text makes its own plurals.

/** Nouns whose plural is not the noun with "s" (or "y" made "ies"). */
const IRREGULAR: Record<string, string> = {
  die: 'dice',
  man: 'men',
  swordsman: 'swordsmen',
  horseman: 'horsemen',
  bowman: 'bowmen',
  crossbowman: 'crossbowmen',
  footman: 'footmen',
};

/** Mass nouns and unit names that read the same for one and many. */
const SAME = /(infantry|artillery|cavalry|militia|anti-air|aircraft|gold|s)$/;

/** The noun for more than one: "army" -> "armies", "die" -> "dice", "infantry" -> "infantry". */
export function plural(noun: string): string {
  const last = /(\S+)$/.exec(noun)?.[1] ?? noun;
  const head = noun.slice(0, noun.length - last.length);
  if (IRREGULAR[last]) return head + IRREGULAR[last];
  if (SAME.test(last)) return noun;
  if (/[^aeiou]y$/.test(last)) return `${noun.slice(0, -1)}ies`;
  if (/(ch|sh|x|z)$/.test(last)) return `${noun}es`;
  return `${noun}s`;
}

/** The noun as a count needs it: one for 1, the plural for 0, 2 or more. */
function nounFor(n: number, noun: string): string {
  return n === 1 ? noun : plural(noun);
}

/**
 * A count with its noun: "1 fleet", "2 armies", "0 caravans", "4 infantry", "3 anti-air", "2
 * dice". Every count beside a noun goes through here.
 */
export function counted(n: number, noun: string): string {
  return `${n} ${nounFor(n, noun)}`;
}
