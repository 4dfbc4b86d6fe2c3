// `adjutant forum authorize`: a GM with an ordinary member account gets a key for it, in two
// steps. The first makes a request (the software's MemberAuthorization.begin) and keeps its
// private key in the game folder, readable by the GM alone; the GM approves it on the forum. The
// second opens the payload the forum showed with that key, and the key is the GM's to put in the
// environment. The private key is removed once it has opened the payload: a copy of the payload
// left in a shell history then opens nothing.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ForumAuthorizeError } from './base/forum-errors.ts';
import type { ForumSoftware, MemberAuthorization } from './base/forum-software.ts';
import { softwareOf, type ForumConfig } from './settings/forum-config.ts';

/** Where a game folder keeps the request between the two steps. */
export function requestFiles(folder: string, software: ForumSoftware): { privateKey: string; request: string } {
  const stem = path.join(folder, '.adjutant', `${software.id}-user-api`);
  return { privateKey: `${stem}.pem`, request: `${stem}.json` };
}

/** What the second step needs besides the private key; the client id stays for the next request. */
interface KeptRequest {
  nonce: string;
  clientId: string;
  url: string;
}

export interface Begun {
  link: string;
  privateKeyFile: string;
}

/** The first step: a new request, its private key written (mode 0600) where requestFiles says. */
export async function beginAuthorization(folder: string, gameId: string, forum: ForumConfig): Promise<Begun> {
  const software = softwareOf(forum);
  const files = requestFiles(folder, software);
  // The same client id as the last request: Discourse then replaces that key rather than adding one.
  const clientId = (await keptRequest(files.request))?.clientId ?? `adjutant-${gameId}-${randomBytes(4).toString('hex')}`;
  const begun = flowOf(software).begin(forum.url, { id: clientId, name: `Adjutant (${gameId})` });
  await mkdir(path.dirname(files.privateKey), { recursive: true, mode: 0o700 });
  await secretFile(files.privateKey, begun.privateKey);
  await secretFile(files.request, JSON.stringify({ nonce: begun.nonce, clientId, url: forum.url } satisfies KeptRequest, null, 2));
  return { link: begun.link, privateKeyFile: files.privateKey };
}

/** The second step: the key in the payload, and the client id it was approved for. */
export async function finishAuthorization(folder: string, forum: ForumConfig, payload: string): Promise<{ key: string; clientId: string }> {
  const software = softwareOf(forum);
  const flow = flowOf(software);
  const files = requestFiles(folder, software);
  const privateKey = await readFile(files.privateKey, 'utf8').catch(() => undefined);
  const request = await keptRequest(files.request);
  if (!privateKey || !request)
    throw new ForumAuthorizeError(
      `There is no authorization request kept in ${path.dirname(files.privateKey)}: run adjutant forum authorize ${folder} (without --payload) first, approve the link it prints, and then give the payload.`,
    );
  if (request.url !== forum.url)
    throw new ForumAuthorizeError(
      `The request kept in ${path.dirname(files.privateKey)} was for ${request.url}, and game.yaml now names ${forum.url}: run adjutant forum authorize ${folder} again.`,
    );
  const key = flow.finish(payload, { privateKey, nonce: request.nonce });
  await rm(files.privateKey, { force: true });
  return { key, clientId: request.clientId };
}

function flowOf(software: ForumSoftware): MemberAuthorization {
  if (!software.authorize)
    throw new ForumAuthorizeError(`${software.name} has no keys an ordinary member can give Adjutant: its administrators make the API key (docs/forums.md).`);
  return software.authorize;
}

async function keptRequest(file: string): Promise<KeptRequest | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as KeptRequest;
  } catch {
    return undefined;
  }
}

/** Written readable by its owner alone; chmod too, since an existing file keeps its mode through writeFile. */
async function secretFile(file: string, text: string): Promise<void> {
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600);
}
