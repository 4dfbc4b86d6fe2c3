// How Adjutant reaches a XenForo 2 board: through its REST API with a key (xenforo-api.ts), or as
// an ordinary member through the board's own pages and forms (xenforo-member.ts). Both show the
// same things (a thread's pages, a post, the account's conversations and their messages) and make
// the same ones, so what the forum channel does with them is written once (xenforo-adapter.ts).
import { markerLine, type ForumUser, type OutgoingPost, type PublishedPost, type ThreadPost } from '../base/forum-adapter.ts';

/** One page of a paged list: its number and the last page's. */
export interface Paged<T> {
  items: T[];
  page: number;
  lastPage: number;
}

/** A post or conversation message; `standing` is false for one hidden or awaiting approval (shown to moderators only). */
export type BoardPost = ThreadPost & { standing: boolean; url?: string };

export interface ConversationRow {
  id: string;
  title: string;
  /** Who started it. */
  starter: ForumUser;
  /** The last message's time, in ms. */
  lastAt: number;
}

/** What the board shows of the game's account: staff or not (null where it does not say), and what it may do in the game's thread (absent where the way in does not say). */
export interface AccountFacts {
  staff: boolean | null;
  thread?: { open: boolean; canReply: boolean; canAttach: boolean };
}

export interface XenForoAccess {
  /** The game's account. */
  me(): Promise<ForumUser>;
  /** Its standing on the board, as `adjutant forum test` tells the GM. */
  facts(): Promise<AccountFacts>;
  /** Page `n` of the game's thread; past its last page (posts were hidden since), the last page. */
  threadPage(n: number): Promise<Paged<BoardPost>>;
  /** A post as it is now, with the thread it is in; null when the board no longer shows it. */
  post(id: string): Promise<(BoardPost & { thread: number }) | null>;
  /** Page `n` of the account's conversations, the latest message first. */
  conversations(n: number): Promise<Paged<ConversationRow>>;
  /** Page `n` of a conversation's messages, oldest first; one the account is no longer in is a ForumNotFoundError. */
  conversationPage(id: string, n: number): Promise<Paged<BoardPost>>;
  /** Posts in the thread, its images attached (or left out, saying why, where the board refuses the account's uploads). */
  reply(post: OutgoingPost): Promise<PublishedPost>;
  edit(id: string, message: string): Promise<void>;
  /** Starts a conversation with these members; returns its id. */
  startConversation(to: readonly string[], title: string, message: string): Promise<string>;
  replyInConversation(id: string, message: string): Promise<void>;
  findMember(name: string): Promise<ForumUser | null>;
}

/** A post's BBCode: its text, its attachments shown full size, and its marker in small print. */
export function postMessage(post: Omit<OutgoingPost, 'images'>, attachments: readonly number[]): string {
  return [post.text, ...attachments.map((id) => `[ATTACH=full]${id}[/ATTACH]`), `[SIZE=1]${markerLine(post.marker)}[/SIZE]`].join('\n\n');
}
