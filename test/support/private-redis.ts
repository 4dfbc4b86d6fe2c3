// A disposable redis-server for the tests that kill Redis itself: its own port and data folder,
// AOF on with fsync on every write (docs/operations.md explains why production wants the same).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export class PrivateRedis {
  private server: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), await mkdtemp(path.join(tmpdir(), 'adjutant-redis-')));
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server again on the same port and data, and waits until it answers. */
  async restart(): Promise<void> {
    const args = [
      '--port',
      String(this.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
      '--daemonize',
      'no',
      '--logfile',
      path.join(this.dir, 'redis.log'),
    ];
    this.server = spawn('redis-server', args, { stdio: 'ignore' });
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {}); // refused connections are expected until the server is up
    for (let i = 0; ; i++) {
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') break;
      } catch {
        probe.disconnect();
        if (i > 100) throw new Error(`redis-server on port ${this.port} did not start; see ${this.dir}/redis.log`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    probe.disconnect();
  }

  /** SIGKILL: no goodbye, no final flush beyond what `appendfsync always` already wrote. */
  async kill(): Promise<void> {
    const server = this.server;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const gone = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await gone;
  }

  async stop(): Promise<void> {
    await this.kill();
    await rm(this.dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
