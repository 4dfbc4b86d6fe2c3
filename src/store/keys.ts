// Redis keys. Every key of a game carries the hash tag {game-id}, so a Redis Cluster keeps a game
// on one slot and a turn can be committed in one atomic script.

export const GAMES_KEY = 'adjutant:games';

export function gameKeys(gameId: string) {
  const p = `adjutant:{${gameId}}`;
  return {
    /** Hash: file path -> text (game.yaml, map.yaml, templates) as the GM wrote them. */
    files: `${p}:files`,
    /** String: JSON of the state the next step starts from. */
    state: `${p}:state`,
    /** String: number of committed steps (adjudications) so far. */
    step: `${p}:step`,
    /** Hash: step number -> JSON turn record. */
    history: `${p}:history`,
    /** Hash: nation -> JSON orders in force for the coming step. */
    orders: `${p}:orders`,
    /** Hash: mail id -> raw message bytes, kept so every order can be traced to its email. */
    mail: `${p}:mail`,
    /** Hash: message key -> JSON outbox entry (sent or not). */
    outbox: `${p}:outbox`,
    /** Sorted set: keys of messages recorded but not yet sent, by time recorded. */
    outboxPending: `${p}:outbox:pending`,
  };
}
