// Where a message's answers go, by its reply route: the answers to the author by mail, or as a
// private message to the member on the channel the route names (the route a forum post, a forum
// private message or a web order takes for a player the game answers on its forum). The GM's
// tickets and press copies go by mail whatever the route.
import type { PrivateItem } from '../store/post-outbox.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import type { IncomingMessage, ReplyRoute } from './incoming-message.ts';
import type { Decision } from './message-context.ts';

/** Answers to the author go by private message when the message has a route; the rest (the GM's tickets, press copies) by mail. */
export function routeReplies(message: IncomingMessage, d: Decision): Decision {
  const route = message.reply;
  // A player with no registered address, answered by mail (a player known only on a channel that cannot answer privately, a web order), gets no mail.
  if (!route) return { ...d, result: { ...d.result, replies: d.result.replies.filter((r) => r.to.some(Boolean)) } };
  const mine = (key: string) => key === `reply:${message.id}` || key === `warn:${message.id}`;
  const pending = d.result.pending && { ...d.result.pending, route };
  return {
    ...d,
    result: {
      ...d.result,
      replies: d.result.replies.filter((r) => !mine(r.key)),
      posts: [...(d.result.posts ?? []), ...d.result.replies.filter((r) => mine(r.key)).map((r) => privately(route, r))],
      ...(pending && { pending }),
    },
  };
}

/** A letter written for the mail, sent instead as a private message along the route, under the same key. */
export function privately(route: ReplyRoute, letter: OutgoingMessage): PrivateItem {
  return { kind: 'private', key: letter.key, to: [route.to], title: letter.subject, text: letter.text };
}
