// The lists of a user's private messages on the local Discourse (discourse-server.ts):
// GET /topics/private-messages/{username}.json lists the user's own (docs.discourse.org "Get a list
// of private messages for a user"; its response schema is discourse_api_docs'
// definitions/topics/private-messages.yml: topic_list.topics with id, title, last_posted_at,
// bumped_at, ...). Pages and their order are Discourse's ListController and TopicQuery: newest
// activity (bumped_at) first, `page` counting from 0, per_page 30, and topic_list.more_topics_url
// only on a full page; the inbox holds messages others posted in.
// GET /topics/private-messages-sent/{username}.json (docs.discourse.org "Get a list of private
// messages sent for a user", the same schema) lists those the user started, newest first. Only
// staff may list another user's messages (403).
import type { ContractRequest, Reply, Route } from './contract-server.ts';
import type { DcPm } from './discourse-server.ts';

const PER_PAGE = 30;
const LIST_HEAD = { can_create_topic: true, draft: null, draft_key: 'new_topic', draft_sequence: 0, per_page: PER_PAGE };
const TOPIC_FLAGS = { bumped: true, unseen: false, pinned: false, visible: true, closed: false, archived: false };
const forbidden = (): Reply => ({ status: 403, body: { errors: ['You are not permitted to view the requested resource.'], error_type: 'invalid_access' } });

// A topic_list item (definitions/topics/private-messages.yml), with the fields Adjutant reads and a few more.
const listed = (pm: DcPm) => {
  const last = pm.posts[pm.posts.length - 1];
  return {
    id: pm.id,
    title: pm.title,
    fancy_title: pm.title,
    slug: 'message',
    posts_count: pm.posts.length,
    reply_count: pm.posts.length - 1,
    highest_post_number: last.post_number,
    created_at: pm.posts[0].created_at,
    last_posted_at: last.created_at,
    bumped_at: last.created_at,
    archetype: 'private_message',
    last_poster_username: last.username,
    ...TOPIC_FLAGS,
  };
};

const topicList = (topics: Array<ReturnType<typeof listed>>, more?: string): Reply => ({
  status: 200,
  body: { topic_list: { ...LIST_HEAD, ...(more && { more_topics_url: more }), topics } },
});

/** The two list routes; `asker` is the user a request acts as. */
export function messageListRoutes(pms: readonly DcPm[], asker: (req: ContractRequest) => string): Array<[string, RegExp, Route]> {
  return [
    [
      'GET',
      /^\/topics\/private-messages\/([^/]+)\.json$/,
      (req, [name]) => {
        const user = decodeURIComponent(name).toLowerCase();
        // Only staff may list another user's messages.
        if (user !== asker(req)) return forbidden();
        const inbox = pms
          .filter((pm) => pm.participants.includes(user) && pm.posts.some((p) => p.username !== user))
          .map(listed)
          .sort((a, b) => Date.parse(b.bumped_at) - Date.parse(a.bumped_at));
        const page = Number(req.query.get('page') ?? 0);
        const topics = inbox.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
        return topicList(topics, topics.length === PER_PAGE ? `/topics/private-messages/${name}?page=${page + 1}` : undefined);
      },
    ],
    [
      'GET',
      /^\/topics\/private-messages-sent\/([^/]+)\.json$/,
      (req, [name]) => {
        const user = decodeURIComponent(name).toLowerCase();
        if (user !== asker(req)) return forbidden();
        const sent = pms
          .filter((pm) => pm.posts[0].username === user)
          .map(listed)
          .sort((a, b) => Date.parse(b.bumped_at) - Date.parse(a.bumped_at));
        return topicList(sent.slice(0, PER_PAGE));
      },
    ],
  ];
}
