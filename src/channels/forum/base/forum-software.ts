// What one forum software is, as the forum channel uses it: its name, the markup of the update it
// shows, what its API lets Adjutant do, what credentials game.yaml must name for it, and how to
// open its adapter. One record per software, in its folder (src/channels/forum/<id>/index.ts),
// listed once in src/channels/forum/settings/forums.ts. Nothing outside those folders asks which
// software a forum runs: it asks the record.
import type { SandboxBoard, SandboxOptions } from '../../../../sandbox/forum/sandbox-board.ts';
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

/** What `adjutant forum authorize` keeps in the game folder between its two steps: the private key (PEM) and the request's nonce. */
export interface AuthorizationRequest {
  privateKey: string;
  nonce: string;
}

/**
 * How a GM with an ordinary member account gets a key for it (`adjutant forum authorize`): the
 * address the GM opens, logged in as the game's account, to approve Adjutant; then the key read
 * from the payload the forum shows, which only the request's private key opens.
 */
export interface MemberAuthorization {
  /** What the member's key is called, as the GM reads it ("a user API key"). */
  is: string;
  /** How often, at most, a game on a member's key is read: such keys have their own request limits. */
  readEveryMs: number;
  begin(baseUrl: string, client: { id: string; name: string }): AuthorizationRequest & { link: string };
  finish(payload: string, request: AuthorizationRequest): string;
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

/** How an ordinary member's account logs in to the board's own pages: its name and password, or a browser's remembered cookie. */
export type MemberLogin = { login: string; password: string } | { cookie: string };

/** Where the adapter reaches the forum: game.yaml's `forum:` with its credentials read from the environment. */
export interface AdapterSettings {
  baseUrl: string;
  thread: number;
  key?: string;
  user?: string;
  /** A member's own key (credentials.userApiKey), used instead of `key` and `user`. */
  memberKey?: string;
  /** The client id the member's key was approved for (credentials.userApiClientId). */
  clientId?: string;
  /** An ordinary member's login (credentials.login and password, or sessionCookie), used instead of a key. */
  login?: MemberLogin;
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
  /** How a GM with an ordinary member account gets a key (credentials.userApiKey); without it, only an administrator's key works. */
  authorize?: MemberAuthorization;
  /** Whether Adjutant can act as an ordinary member through the board's own pages and forms, logged in (AdapterSettings.login), with no key. */
  memberLogin?: boolean;
  /** A local board of this software for a GM to rehearse a game on (`adjutant forum sandbox`). */
  sandbox?(options: SandboxOptions): Promise<SandboxBoard>;
  open(settings: AdapterSettings): ForumAdapter;
}
