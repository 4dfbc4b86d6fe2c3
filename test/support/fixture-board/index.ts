// A forum software of the tests' own, registered by the test that uses it (`forums.add`), as the
// claims fixture is a ruleset: it shows that a forum is its folder and one registry line. Its
// boards live in memory, one per address, so every adapter opened for an address sees the same
// thread and the same private messages; a wrong key is refused as a real forum refuses it.
import { markerLine, type ForumAdapter, type ForumUser, type PrivateMessage, type ThreadPost } from '../../../src/channels/forum/base/forum-adapter.ts';
import { ForumAuthError, ForumNotFoundError } from '../../../src/channels/forum/base/forum-errors.ts';
import type { ForumSoftware } from '../../../src/channels/forum/base/forum-software.ts';

export interface FixtureBoard {
  key: string;
  members: ForumUser[];
  posts: ThreadPost[];
  privates: PrivateMessage[];
  /** Writes a post into the thread as the member. */
  say(member: string, text: string): void;
}

const boards = new Map<string, FixtureBoard>();

/** The board at this address, made with its API key and members on first use. */
export function fixtureBoard(url: string, key: string, members: readonly string[]): FixtureBoard {
  const users = members.map((name, i) => ({ id: String(i + 1), name }));
  const board: FixtureBoard = {
    key,
    members: users,
    posts: [],
    privates: [],
    say(member, text) {
      const author = users.find((u) => u.name === member)!;
      board.posts.push({ id: String(board.posts.length + 1), author, text, postedAt: new Date().toISOString() });
    },
  };
  boards.set(url, board);
  return board;
}

function boardAdapter(url: string, key: string | undefined): ForumAdapter {
  const board = boards.get(url);
  if (!board || key !== board.key) throw new ForumAuthError(`The fixture board at ${url} refused the key.`);
  const own = (marker: string) => board.posts.find((p) => p.text.includes(markerLine(marker)));
  return {
    seesRemovals: true,
    async publish(post) {
      board.say(board.members[0].name, `${post.text}\n\n${markerLine(post.marker)}`);
      return { id: board.posts.at(-1)!.id };
    },
    findOwnPost: async (marker) => (own(marker) ? { id: own(marker)!.id } : null),
    async editPost(id, post) {
      const edited = board.posts.find((p) => p.id === id);
      if (!edited) throw new ForumNotFoundError(`The fixture board has no post ${id}.`);
      Object.assign(edited, { text: `${post.text}\n\n${markerLine(post.marker)}`, editedAt: new Date().toISOString() });
    },
    async readSince(cursor) {
      const from = Number(cursor ?? 0);
      return { posts: board.posts.slice(from), cursor: String(board.posts.length) };
    },
    currentPosts: async (ids) => board.posts.filter((p) => ids.includes(p.id)),
    sendPrivate: async (pm) => (board.privates.push(pm), pm.conversation ?? String(board.privates.length)),
    findOwnPrivate: async (pm) => board.privates.some((p) => p.marker === pm.marker),
    whoIs: async (name) => board.members.find((m) => m.name.toLowerCase() === name.toLowerCase()) ?? null,
  };
}

export const fixtureBoardSoftware: ForumSoftware = {
  id: 'fixture-board',
  name: 'Fixture Board',
  flavour: { template: 'update-discourse.md.hbs', file: 'update-fixture-board.md', markup: 'Fixture Board Markdown', format: 'md' },
  posts: true,
  postLimit: 20_000,
  credentials: { key: 'required', user: { need: 'none' } },
  open: (settings) => boardAdapter(settings.baseUrl, settings.key),
};
