// A small static HTTP server for the output folder (maps and updates), so the [IMG] link in a
// forum update works when the host is public. Read-only: GET and HEAD, files only (no listings),
// nothing outside the folder (no "..", no symlink leading out), content types by extension.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface OutputServerOptions {
  dir: string;
  port: number;
  /** 127.0.0.1 by default; "0.0.0.0" to publish. */
  host?: string;
}

export interface OutputServer {
  /** Base URL, e.g. http://127.0.0.1:8080 (the real port when 0 was asked). */
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
};

/** The file a request path names inside `root`, or null when it is not one we may serve. */
export async function resolveInside(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[/\\]/).some((part) => part === '..')) return null;
  const candidate = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  try {
    const real = await realpath(candidate);
    const realRoot = await realpath(root);
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

function refuse(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${text}\n`);
}

async function handle(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Only GET and HEAD.', { allow: 'GET, HEAD' });
  const file = await resolveInside(root, req.url ?? '/');
  if (!file) return refuse(res, 404, 'Not found.');
  const info = await stat(file);
  const modified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
  const since = req.headers['if-modified-since'];
  const headers = {
    'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'last-modified': modified.toUTCString(),
    'cache-control': 'public, max-age=60',
    'x-content-type-options': 'nosniff',
  };
  if (since && !Number.isNaN(Date.parse(since)) && Date.parse(since) >= modified.getTime()) {
    res.writeHead(304, { 'last-modified': headers['last-modified'], 'cache-control': headers['cache-control'] });
    return void res.end();
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

export async function startOutputServer(options: OutputServerOptions): Promise<OutputServer> {
  const root = path.resolve(options.dir);
  const server = createServer((req, res) => {
    handle(root, req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'The file could not be read.');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
