// `adjutant forum sandbox` as a GM runs it, in a process of its own: the board it starts takes the
// forum section it prints, as Adjutant's adapter reads and writes it, and the players' lines typed
// in the terminal; what Adjutant writes there is shown in the terminal.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openForum } from '../../src/channels/forum/open-forum.ts';
import { forumSchema } from '../../src/channels/forum/settings/forum-config.ts';
import { forums } from '../../src/channels/forum/settings/forums.ts';
import { waitFor } from '../turns/support.ts';

const ROOT = path.join(import.meta.dirname, '../..');
let child: ChildProcessWithoutNullStreams | undefined;

/** The sandbox command, and everything it has printed so far. */
function sandbox(...args: string[]) {
  child = spawn(process.execPath, [path.join(ROOT, 'bin/adjutant.js'), 'forum', 'sandbox', ...args], { cwd: ROOT });
  const out = { text: '' };
  child.stdout.on('data', (chunk: Buffer) => (out.text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out.text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
  return { out, exited, type: (line: string) => child!.stdin.write(`${line}\n`) };
}

afterEach(() => {
  if (child?.exitCode === null) child.kill();
  child = undefined;
});

describe('adjutant forum sandbox', () => {
  it('is offered for the forums that have a local board', () => {
    expect(
      forums
        .all()
        .filter((f) => f.sandbox)
        .map((f) => f.id),
    ).toEqual(expect.arrayContaining(['xenforo', 'discourse']));
  });

  for (const software of forums
    .all()
    .filter((f) => f.sandbox)
    .map((f) => f.id)) {
    it(`runs a local ${software} board that Adjutant reads and writes, with the players typed in the terminal`, { timeout: 30_000 }, async () => {
      const run = sandbox('--software', software, '--players', 'Alice,Bob');
      await waitFor('the forum section', async () => /^[A-Z_]+=\S+$/m.test(run.out.text) && run.out.text.includes('"quit" stops the board'));
      const section = /^forum:\n((?: {2}.*\n)+)/m.exec(run.out.text)![1];
      const field = (name: string) => new RegExp(`^ {2}${name}: (.*)$`, 'm').exec(section)![1];
      const credentials = Object.fromEntries([...field('credentials').matchAll(/(\w+): (\w+)/g)].map((m) => [m[1], m[2]]));
      const env = Object.fromEntries([...run.out.text.matchAll(/^([A-Z_]+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
      const players = /players are (\S+), (\S+)\./.exec(run.out.text)!.slice(1);
      const config = forumSchema.parse({
        software: field('software'),
        url: field('url'),
        thread: Number(field('thread')),
        credentials,
        players: { [players[0]]: 'red', [players[1]]: 'blue' },
      });
      const adapter = openForum(config, env);

      run.type(`${players[0]}: Here are mine.\\n[orders]\\nclaim nor\\n[/orders]`);
      run.type(`${players[1]}> A word in private.`);
      await waitFor('both lines taken', async () => run.out.text.includes(`(${players[1]} wrote to`));
      const thread = await adapter.readSince(null);
      expect(thread.posts.map((p) => [p.author.name, p.text.includes('claim nor')])).toEqual([[players[0], true]]);
      const privately = await adapter.readPrivateSince!(null);
      expect(privately.messages.map((m) => [m.post.author.name, m.post.text])).toEqual([[players[1], 'A word in private.']]);

      await adapter.publish({ text: 'Spring 1901 is adjudicated.', images: [], marker: 'sandbox/update:step-1' });
      await adapter.sendPrivate({ to: [players[0]], title: 'Your orders', text: 'Read: claim nor', marker: 'sandbox/confirm:1' });
      await waitFor('what Adjutant wrote, shown', async () => run.out.text.includes(`Adjutant wrote to ${players[0]}:`));
      expect(run.out.text).toMatch(/Adjutant wrote in the (thread|topic):\n {2}Spring 1901 is adjudicated\./);
      expect(run.out.text).toMatch(new RegExp(`Adjutant wrote to ${players[0]}:\\n(?: {2}.*\\n)*? {2}Read: claim nor`));

      run.type('quit');
      expect(await run.exited).toBe(0);
    });
  }

  it('says what is wrong with a software that has no local board, and a port in use', { timeout: 30_000 }, async () => {
    const none = sandbox('--software', 'vbulletin');
    expect(await none.exited).toBe(1);
    expect(none.out.text).toMatch(/^There is no local "vbulletin" board: the sandbox runs (xenforo|discourse)( or \w+)+\.\n$/);

    const first = sandbox('--software', 'xenforo');
    await waitFor('the board', async () => /running at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.out.text)?.[1]);
    const port = /running at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.out.text)![1];
    const firstChild = child!;
    const second = sandbox('--software', 'discourse', '--port', port);
    expect(await second.exited).toBe(1);
    expect(second.out.text).toBe(`Port ${port} is already in use: choose another with --port, or 0 for any free one.\n`);
    firstChild.kill();
  });
});
