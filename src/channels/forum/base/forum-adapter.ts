// What Adjutant needs from a forum, whatever its software: post the turn's update into the game's
// thread (with its map), find a post of its own again after a crash, edit one (an update withdrawn
// by a rollback), read the thread's new posts, send a private message, and look a member up. One
// adapter per forum software implements it.

export interface ForumImage {
  filename: string;
  /** PNG bytes. */
  data: Buffer;
}

export interface OutgoingPost {
  /** The post in the forum's own markup (BBCode or Markdown), without its images. */
  text: string;
  /** Images shown in the post, below its text. */
  images: readonly ForumImage[];
  /**
   * A reference unique to this post (game, turn, kind), written into it, so the adapter can tell
   * after a crash whether the post already went out: see findOwnPost.
   */
  marker: string;
}

export interface PublishedPost {
  /** The post's id; for a post held for review, its id in the forum's review queue, or empty where the forum does not say. */
  id: string;
  url?: string;
  /** The forum took the post but holds it for its moderators to approve: it is not in the thread yet. */
  held?: true;
  /** The forum refused the post's images (the account may not attach files): the post went out without them, and this says why. */
  imagesLeftOut?: string;
}

export interface ForumUser {
  id: string;
  name: string;
}

/** A post read from the thread, as its author wrote it (markup source where the API gives it). */
export interface ThreadPost {
  id: string;
  author: ForumUser;
  text: string;
  /** ISO times. */
  postedAt: string;
  editedAt?: string;
}

export interface ThreadPage {
  posts: ThreadPost[];
  /** Where the next read starts; pass it back unchanged. */
  cursor: string | null;
  /** More posts wait after the cursor: a long catch-up is read in parts, each stored before the next is asked for. */
  more?: boolean;
}

/** A private message to the game's account, read as its author wrote it. */
export interface ReceivedPrivate {
  /** The message; its id is unique among private messages. */
  post: ThreadPost;
  /** The conversation's title. */
  title: string;
}

export interface PrivatePage {
  messages: ReceivedPrivate[];
  /** Where the next read starts; pass it back unchanged. */
  cursor: string | null;
}

export interface PrivateMessage {
  /** Forum user names. */
  to: readonly string[];
  title: string;
  text: string;
  /** A reference unique to this message, written into it, as a post's (OutgoingPost.marker). */
  marker: string;
  /** The conversation with its one recipient to write it in, its title as its first line; a new conversation when absent. */
  conversation?: string;
}

/** What the game's account may do on the forum, as `adjutant forum test` tells the GM. */
export interface AccountStanding {
  /** False when the account cannot do what a game needs of it (send private messages). */
  usable: boolean;
  /** Its standing and what it means for the game, in a sentence or two. */
  says: string;
}

export interface ForumAdapter {
  publish(post: OutgoingPost): Promise<PublishedPost>;
  /** Our own post carrying `marker`, if it is already in the thread. */
  findOwnPost(marker: string): Promise<PublishedPost | null>;
  /**
   * Gives our own post `id` a new text, keeping `post.marker` in it. Doing it again does no harm, so
   * an edit whose answer was lost is simply made again.
   */
  editPost(id: string, post: Omit<OutgoingPost, 'images'>): Promise<void>;
  /**
   * Posts after `cursor`, oldest first, or some of them (ThreadPage.more). With no cursor, from the
   * start, where the adapter may pass over posts written before `since` (a new game's history).
   */
  readSince(cursor: string | null, since?: Date): Promise<ThreadPage>;
  /** These posts of the thread as they are now, edited or not; those the forum no longer shows are left out. */
  currentPosts(ids: readonly string[]): Promise<ThreadPost[]>;
  /**
   * Whether a post currentPosts leaves out is gone from the thread (deleted, hidden or moved away),
   * so the orders it gave are withdrawn; false where the forum cannot tell (a feed of the newest posts).
   */
  readonly seesRemovals: boolean;
  /**
   * Sends it, in its conversation when it names one; returns the conversation it went in. A
   * conversation the forum no longer lets the account write in is a ForumNotFoundError or ForumAuthError.
   */
  sendPrivate(message: PrivateMessage): Promise<string>;
  /**
   * Whether this private message already went out (a time-out or a crash after the forum made it):
   * among its conversation's messages written since `since` (others may have followed it there),
   * or one the game's account started lately, with its title and marker.
   */
  findOwnPrivate(message: PrivateMessage, since: Date): Promise<boolean>;
  /** Private messages others sent the game's account after `cursor`, oldest first; absent where the forum's API cannot read them. */
  readPrivateSince?(cursor: string | null): Promise<PrivatePage>;
  whoIs(name: string): Promise<ForumUser | null>;
  /** The game's account's standing (staff or not, trust) and the forum's limits that come with it; absent where the forum cannot say. */
  standing?(): Promise<AccountStanding>;
}

/**
 * The line that marks a post as Adjutant's, with its reference. It ends with a full stop, so no
 * reference is found inside a longer one ("update:step-1" in "update:step-11").
 */
export function markerLine(marker: string): string {
  return `Adjutant ref ${marker}.`;
}
