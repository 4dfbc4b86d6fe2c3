// What one forum software is, as the forum channel uses it: its name, the markup of the update it
// shows, what its API lets Adjutant do, what credentials game.yaml must name for it, and how to
// open its adapter. One record per software, in its folder (src/channels/forum/<id>/index.ts),
// listed once in src/channels/forum/settings/forums.ts. Nothing outside those folders asks which
// software a forum runs: it asks the record.
import type { ForumAdapter } from './forum-adapter.ts';
import type { ForumHttpOptions } from './forum-http.ts';

/** How names are coloured and escaped in an update: BBCode with upper-case tags, with lower-case tags, or Markdown. */
export type UpdateFormat = 'bbcode-upper' | 'bbcode' | 'md';

/** The public update as a forum shows it: its template, the file the turn's outputs keep it in, its markup in words. */
export interface ForumFlavour {
  template: string;
  file: string;
  markup: string;
  format: UpdateFormat;
}

/** What game.yaml's `forum.credentials` names for this software, and what a missing one is told. */
export interface CredentialNeeds {
  /** The API key's variable: required, or not used at all (a forum read without an API). */
  key: 'required' | 'none';
  /** The user variable: required (with what it is, for the message), optional, or not used. */
  user: { need: 'required'; is: string } | { need: 'optional' } | { need: 'none' };
}

/** A webhook the forum can deliver (POST /-/forum/<software id>/<game>): its headers, signature check and payload. */
export interface ForumWebhook {
  signatureHeader: string;
  eventHeader: string;
  verify(body: Buffer, signature: string | undefined, secret: string): boolean;
  /** The post a delivery is about, or null for an event that is not about a post. */
  post(event: string | undefined, payload: unknown): WebhookPost | null;
}

export interface WebhookPost {
  id: number;
  topicId: number;
  username: string;
  /** The post as its author wrote it, when the delivery carries it. */
  raw?: string;
  userId?: number;
  createdAt?: string;
  updatedAt?: string;
  /** Whether the post is in a private message rather than a topic. */
  private: boolean;
}

/** Where the adapter reaches the forum: game.yaml's `forum:` with its credentials read from the environment. */
export interface AdapterSettings {
  baseUrl: string;
  thread: number;
  key?: string;
  user?: string;
  http?: Partial<ForumHttpOptions>;
}

export interface ForumSoftware {
  /** The id game.yaml's `forum.software` names, and the update flavour's. */
  id: string;
  /** The software's name, as a GM reads it. */
  name: string;
  flavour: ForumFlavour;
  /** Whether its API lets Adjutant post (updates, reminders, private messages); without, the GM pastes and answers go by email. */
  posts: boolean;
  /** The characters a post may hold on a board with the software's default settings; a longer update goes out in several posts. */
  postLimit: number;
  credentials: CredentialNeeds;
  webhook?: ForumWebhook;
  open(settings: AdapterSettings): ForumAdapter;
}
