// `adjutant forum test`: a game's forum settings tried for real, one line per check, stopping at
// the first failure with the sentence that says what to fix.
import type { ForumAdapter } from './base/forum-adapter.ts';
import { forumFlavour, type ForumConfig } from './settings/forum-config.ts';
import { ForumCannotError } from './base/forum-errors.ts';

export interface ForumCheck {
  ok: boolean;
  line: string;
}

/** `scratchThread`: an adapter for another thread, posted to only when the GM asks for it. */
export async function checkForum(forum: ForumConfig, adapter: ForumAdapter, scratch?: ForumAdapter): Promise<ForumCheck[]> {
  const checks: ForumCheck[] = [];
  const step = async (what: string, run: () => Promise<string>): Promise<boolean> => {
    try {
      checks.push({ ok: true, line: `ok    ${what}: ${await run()}` });
      return true;
    } catch (e) {
      checks.push({ ok: false, line: `FAIL  ${what}: ${(e as Error).message}` });
      return false;
    }
  };
  checks.push({ ok: true, line: `ok    ${forum.software} at ${forum.url}, thread ${forum.thread}, updates in ${forumFlavour(forum)} markup` });
  const read = await step('the thread can be read', async () => `${(await adapter.readSince(null)).posts.length} posts`);
  if (!read) return checks;
  if (adapter.readPrivateSince) {
    const readPrivate = adapter.readPrivateSince.bind(adapter);
    const count = async () => (await readPrivate(null)).messages.length;
    if (!(await step("the private messages to the game's account can be read", async () => `${await count()} messages`))) return checks;
  }
  if (adapter.standing) {
    const standing = adapter.standing.bind(adapter);
    const usable = await step("the account's standing", async () => {
      const { usable, says } = await standing();
      if (!usable) throw new Error(says);
      return says;
    });
    if (!usable) return checks;
  }
  for (const [member, nation] of Object.entries(forum.players)) {
    const found = await step(`the member "${member}" (${nation})`, async () => {
      try {
        const user = await adapter.whoIs(member);
        if (!user) throw new Error(`there is no member "${member}" on the forum; check forum.players in game.yaml.`);
        return `member #${user.id}`;
      } catch (e) {
        if (e instanceof ForumCannotError) return 'not checked (phpBB cannot look members up)';
        throw e;
      }
    });
    if (!found) return checks;
  }
  if (scratch)
    await step(
      'a test post in the scratch thread',
      async () => `posted as #${(await scratch.publish({ text: 'Adjutant test post: this forum is set up.', images: [], marker: `test:${Date.now()}` })).id}`,
    );
  return checks;
}
