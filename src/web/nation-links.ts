// The private-page link each report carries: ADJUTANT_PUBLIC_URL/-/nation/<signed token>, of the
// nation's current generation (revoking makes the next report carry a working one again).
import type { Redis } from 'ioredis';
import { WebLinks } from './link-generations.ts';
import { checkSecret } from './signed-links.ts';

export type NationPageUrl = (gameId: string, nation: string) => Promise<string>;

/** Links for the reports, or undefined when the site has no public URL or no web secret. */
export function nationPageUrls(redis: Redis, outputs: { publicUrl?: string; webSecret?: string }, now: () => Date): NationPageUrl | undefined {
  if (!outputs.publicUrl || !outputs.webSecret) return undefined;
  const links = new WebLinks(redis, checkSecret(outputs.webSecret), now);
  const base = outputs.publicUrl.replace(/\/+$/, '');
  return async (gameId, nation) => `${base}/-/nation/${await links.nationToken(gameId, nation)}`;
}
