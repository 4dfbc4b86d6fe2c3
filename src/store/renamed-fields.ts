// Values stored before the message id's field was named `messageId` (it was `mailId`): the orders
// in force and their sources (also in exported games' orders.yaml), tickets, message results and
// queued parse jobs read the old name, so an upgrade loses no source, ticket or queued message.

/** The value with `mailId`, when it has one, as `messageId`. */
export function withMessageId<T extends { messageId: string }>(value: T): T {
  const old = value as T & { mailId?: string };
  if (old.messageId !== undefined || old.mailId === undefined) return value;
  const { mailId, ...rest } = old;
  return { ...rest, messageId: mailId } as unknown as T;
}
