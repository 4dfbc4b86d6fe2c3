// Values stored before a field was renamed are read under the name of today, so an upgrade loses
// no source, ticket, answer or queued message. The message id's field was `mailId`: the orders in
// force and their sources (also in exported games' orders.yaml), tickets, message results and
// queued parse jobs read the old name. A result's posts and private messages were `forumMessages`.

/** The value with `mailId`, when it has one, as `messageId`. */
export function withMessageId<T extends { messageId: string }>(value: T): T {
  const old = value as T & { mailId?: string };
  if (old.messageId !== undefined || old.mailId === undefined) return value;
  const { mailId, ...rest } = old;
  return { ...rest, messageId: mailId } as unknown as T;
}

/**
 * A private answer's route was once the forum member's name alone: a ticket's `playerForum`, a
 * pending reply's `forumTo`. Read back, it is the route on the forum channel (IncomingMessage.reply).
 */
function withRoute<T extends object>(value: T, old: string, field: string): T {
  const member = (value as Record<string, unknown>)[old];
  if (typeof member !== 'string') return value;
  const { [old]: _, ...rest } = value as Record<string, unknown>;
  return { ...rest, [field]: { channel: 'forum', to: member } } as T;
}

/** A stored ticket, with its old fields under their names of today. */
export function renamedTicket<T extends { messageId: string }>(ticket: T): T {
  return withRoute(withMessageId(ticket), 'playerForum', 'playerRoute');
}

/** A stored message result, with its old fields (its pending reply's too) under their names of today. */
export function renamedResult<T extends { messageId: string; pending?: object }>(result: T): T {
  const renamed = withPosts(withMessageId(result));
  return renamed.pending ? { ...renamed, pending: withRoute(renamed.pending, 'forumTo', 'route') } : renamed;
}

/** A result's posts and private messages were its `forumMessages`. */
function withPosts<T extends object>(result: T): T {
  const { forumMessages, ...rest } = result as T & { forumMessages?: unknown };
  return forumMessages === undefined ? result : ({ ...rest, posts: forumMessages } as T);
}
