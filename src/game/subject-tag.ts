// Every mail about a game carries one tag in its subject, the game's id in brackets: the intake
// routes a player's answer by it (a reply to a report or a reminder reaches the game like any
// other mail), and a mail client can sort a game's mail by it. The title is in the mail itself.

/** "[three-crowns]": the tag subjects about the game start with. */
export function subjectTag(gameId: string): string {
  return `[${gameId}]`;
}

/** The subject with the game's tag in front. */
export function taggedSubject(gameId: string, subject: string): string {
  return `${subjectTag(gameId)} ${subject}`;
}
