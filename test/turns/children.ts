// Child worker processes for the fault tests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '../..');

export interface WorkerChild {
  process: ChildProcess;
  /** Resolves when the workers run (for a child spawned with FAULT_WAIT_GO, after `go()`). */
  ready: Promise<void>;
  /** Starts the workers of a child that was loaded with FAULT_WAIT_GO=1; resolves when they run. */
  go(): Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a graceful shutdown), and wait until the process is gone. */
  stop(): Promise<void>;
}

export function spawnWorker(env: Record<string, string>): WorkerChild {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/turns/fault-worker.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => out.includes(`${word}\n`) && resolve();
      child.stdout!.on('data', (d: Buffer) => ((out += d.toString()), check()));
      child.once('exit', (code, signal) => reject(new Error(`worker child exited (${code ?? signal}) before "${word}": ${stderr}`)));
      check();
    });
  const ready = said('ready');
  const loaded = said('loaded');
  ready.catch(() => {});
  loaded.catch(() => {});
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const go = async () => {
    await loaded;
    child.stdin!.write('go\n');
    await ready;
  };
  return { process: child, ready, go, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A random whole number of ms in [from, to]. */
export const between = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
