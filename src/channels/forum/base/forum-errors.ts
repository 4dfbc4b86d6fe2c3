// What can go wrong talking to a forum, each error saying what the GM or the caller should do.

export class ForumError extends Error {
  override name = 'ForumError';
}

/** The API key was refused or lacks a permission: the GM must fix the key (docs/forums.md). */
export class ForumAuthError extends ForumError {
  override name = 'ForumAuthError';
}

/** The thread, topic or user is not there (deleted, moved, or a wrong id in game.yaml). */
export class ForumNotFoundError extends ForumError {
  override name = 'ForumNotFoundError';
}

/** The forum asked us to slow down for longer than we wait in one call; try again after `retryAfterMs`. */
export class ForumRateLimitedError extends ForumError {
  override name = 'ForumRateLimitedError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * The board paces the game's account (an ordinary member's flood check) and the short waits one
 * call sits out were not enough: others of its posts and messages took the turns. Routine for a
 * member, so the item waits `retryAfterMs` and goes out then, and the GM is not told.
 */
export class ForumPacedError extends ForumRateLimitedError {
  override name = 'ForumPacedError';
}

/**
 * The forum takes no request from the key until `retryAfterMs` is over (hours, not a pause): the
 * reader stops and goes on from its place then, the poster holds its items, and the GM is told once.
 */
export class ForumAllowanceSpentError extends ForumRateLimitedError {
  override name = 'ForumAllowanceSpentError';
  constructor(what: string, retryAfterMs: number) {
    const minutes = Math.ceil(retryAfterMs / 60_000);
    const after = minutes < 120 ? `${minutes} minutes` : `about ${Math.round(minutes / 60)} hours`;
    super(`The forum's daily request allowance for Adjutant's key is spent (${what}); the forum takes its requests again in ${after}.`, retryAfterMs);
  }
}

/** The forum did not answer, or answered with a server error, through every retry: try again later. */
export class ForumUnavailableError extends ForumError {
  override name = 'ForumUnavailableError';
}

/**
 * A request that makes something (a post, a message) reached the forum, or may have, and no answer
 * came back (a time-out, a server error): it may have been made. It is never sent again blindly;
 * the caller looks for it (by its marker) before trying again.
 */
export class ForumMaybeDoneError extends ForumUnavailableError {
  override name = 'ForumMaybeDoneError';
}

/** The forum refused the request as written (a bug on our side or a forum setting); retrying will not help. */
export class ForumRequestError extends ForumError {
  override name = 'ForumRequestError';
}

/** This forum software has no way to do it through an API (phpBB cannot post): the GM does it by hand. */
export class ForumCannotError extends ForumError {
  override name = 'ForumCannotError';
}

/** `adjutant forum authorize` cannot go on (no request kept, a payload that is not the forum's answer to it): the sentence says what to do. */
export class ForumAuthorizeError extends ForumError {
  override name = 'ForumAuthorizeError';
}

/** What `get` gives, or null where the board has no such thing (a post no longer shown, a member or conversation not there). */
export async function orNull<T>(get: () => Promise<T>): Promise<T | null> {
  try {
    return await get();
  } catch (e) {
    if (e instanceof ForumNotFoundError) return null;
    throw e;
  }
}
