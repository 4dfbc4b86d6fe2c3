// Discourse's user API keys (meta.discourse.org/t/user-api-keys-specification/48536): a member
// approves an application at /user-api-key/new, and Discourse answers with the key encrypted to
// the application's RSA public key, as base64 (UserApiKeysController#create). With no
// auth_redirect in the request, Discourse shows that payload on the page for the member to copy.
import { constants, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import type { AuthorizationRequest, MemberAuthorization } from '../base/forum-software.ts';
import { ForumAuthorizeError } from '../base/forum-errors.ts';

/**
 * The fewest scopes that do the game's work: `write` matches every GET, POST, PUT and DELETE
 * (UserApiKeyScope::SCOPES in app/models/user_api_key_scope.rb), so it reads the topic, the private
 * messages and /session/current.json, and posts; `read` (GETs only) could not post.
 */
const SCOPES = 'write';

export const userApiKeys: MemberAuthorization = {
  is: 'a user API key',
  // A user API key may make 2,880 requests a day (the site setting max_user_api_reqs_per_day, in
  // the specification): a read round costs about four, so a read every 3 minutes (480 rounds, some
  // 1,900 requests) leaves room for the posts, confirmations and edits of the day.
  readEveryMs: 180_000,
  begin(baseUrl, client) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const nonce = randomBytes(16).toString('hex');
    const query = new URLSearchParams({ application_name: client.name, client_id: client.id, scopes: SCOPES, public_key: publicKey, nonce });
    return { link: `${baseUrl.replace(/\/+$/, '')}/user-api-key/new?${query}`, privateKey, nonce };
  },
  finish: keyOf,
};

/** The key in Discourse's payload: {"key", "nonce", "push", "api"} as JSON, encrypted with the request's public key. */
function keyOf(payload: string, request: AuthorizationRequest): string {
  // Discourse writes it with Ruby's Base64.encode64, a line break every 60 characters; a copy may keep them.
  const sealed = Buffer.from(payload.replace(/\s+/g, ''), 'base64');
  const opened = unpadded(sealed, request.privateKey);
  let said: { key?: unknown; nonce?: unknown };
  try {
    said = JSON.parse(opened.toString('utf8')) as typeof said;
  } catch {
    throw notThePayload();
  }
  if (said.nonce !== request.nonce)
    throw new ForumAuthorizeError(
      'That payload answers another authorization request than the one kept in this game folder: open the link adjutant forum authorize printed last, and paste what that page shows.',
    );
  if (typeof said.key !== 'string' || !said.key) throw notThePayload();
  return said.key;
}

/**
 * RSA with PKCS#1 v1.5 padding, as Discourse encrypts (OpenSSL's public_encrypt default). Node 20
 * refuses that padding in privateDecrypt (CVE-2023-46809, a timing oracle for a server decrypting
 * what others send), so the raw RSA result is taken and its padding checked here: 00 02, at least
 * eight non-zero bytes, 00, then the message. This decrypts once, what the GM pastes: no oracle.
 */
function unpadded(sealed: Buffer, privateKey: string): Buffer {
  let block: Buffer;
  try {
    block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, sealed);
  } catch {
    throw notThePayload();
  }
  const end = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || end < 10) throw notThePayload();
  return block.subarray(end + 1);
}

const notThePayload = () =>
  new ForumAuthorizeError(
    'That is not the payload Discourse showed for this request: copy the whole block of text from the page after Authorize, or run adjutant forum authorize again for a new link.',
  );
