// Where a message's answers go, by its reply route: the answers to the author by email, or as
// forum private messages to the member (the route a forum post, a forum private message or a web
// order takes for a player the game answers on its forum). The GM's tickets and press copies stay
// email whatever the route.
import type { ForumPrivateMessage } from '../store/forum-outbox.ts';
import type { IncomingMessage } from './incoming-message.ts';
import type { Decision } from './message-context.ts';

/** Answers to the author go by forum private message when that is the route; the rest (the GM's tickets, press copies) stay email. */
export function routeReplies(message: IncomingMessage, d: Decision): Decision {
  // A player with no registered address, answered by email (a phpBB player, a web order), gets no email.
  if (message.reply.by !== 'forum-private') return { ...d, result: { ...d.result, replies: d.result.replies.filter((r) => r.to.some(Boolean)) } };
  const to = message.reply.to;
  const mine = (key: string) => key === `reply:${message.id}` || key === `warn:${message.id}`;
  const forumMessages: ForumPrivateMessage[] = d.result.replies
    .filter((r) => mine(r.key))
    .map((r) => ({ kind: 'private', key: r.key, to: [to], title: r.subject, text: r.text }));
  const pending = d.result.pending && { ...d.result.pending, forumTo: to };
  return {
    ...d,
    result: {
      ...d.result,
      replies: d.result.replies.filter((r) => !mine(r.key)),
      forumMessages: [...(d.result.forumMessages ?? []), ...forumMessages],
      ...(pending && { pending }),
    },
  };
}
