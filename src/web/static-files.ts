// The output folder's files (maps, forum updates) under their stable URLs, /<game>/turn-<n>/map.png:
// GET and HEAD only, files only (no listings), nothing outside the folder (no "..", no symlink
// leading out), content types by extension, and validators so a browser or proxy keeps images.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { SECURITY_HEADERS } from './http-kit.ts';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
};

const IMAGES = new Set(['.png', '.jpg', '.jpeg', '.webp', '.svg']);

const realRoots = new Map<string, Promise<string>>();

/** The folder's real path, looked up once (the folder itself does not move while the server runs). */
function realRoot(root: string): Promise<string> {
  let real = realRoots.get(root);
  if (!real) {
    real = realpath(root);
    real.catch(() => realRoots.delete(root));
    realRoots.set(root, real);
  }
  return real;
}

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
    const inside = await realRoot(root);
    if (real !== inside && !real.startsWith(inside + path.sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/**
 * How long a path's file and validators are trusted before the disk is asked again: a map drawn
 * again (a rollback) or a new file shows this much later at most, and a crowd of readers
 * revalidating their copy costs no disk access.
 */
const FILE_TTL_MS = 1000;

interface FoundFile {
  file: string;
  etag: string;
  cache: string;
  headers: Record<string, string>;
  modifiedMs: number;
}

const found = new Map<string, { at: number; file: Promise<FoundFile | null> }>();

async function findFile(root: string, urlPath: string): Promise<FoundFile | null> {
  const file = await resolveInside(root, urlPath);
  if (!file) return null;
  const info = await stat(file);
  const modified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const ext = path.extname(file).toLowerCase();
  // A rollback may render a turn's map again under the same URL, so images are kept a day and revalidated.
  const cache = IMAGES.has(ext) ? 'public, max-age=86400, stale-while-revalidate=3600' : 'public, max-age=60';
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'last-modified': modified.toUTCString(),
    etag,
    'cache-control': cache,
  };
  return { file, etag, cache, headers, modifiedMs: modified.getTime() };
}

function fileFor(root: string, urlPath: string): Promise<FoundFile | null> {
  const key = `${root}\0${urlPath}`;
  const now = Date.now();
  const known = found.get(key);
  if (known && now - known.at < FILE_TTL_MS) return known.file;
  const file = findFile(root, urlPath);
  // Only files found are remembered: a map written just after a miss is served at once.
  file.then(
    (f) => f ?? found.delete(key),
    () => found.delete(key),
  );
  if (found.size > 5000) found.clear();
  found.set(key, { at: now, file });
  return file;
}

/** Serves the file `urlPath` names under `root`; false when there is none (the caller answers 404). */
export async function serveFile(root: string, urlPath: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const hit = await fileFor(root, urlPath);
  if (!hit) return false;
  const { etag, cache, headers } = hit;
  const since = req.headers['if-modified-since'];
  const match = req.headers['if-none-match'];
  const fresh = match
    ? match
        .split(',')
        .map((s) => s.trim())
        .includes(etag)
    : !!since && !Number.isNaN(Date.parse(since)) && Date.parse(since) >= hit.modifiedMs;
  if (fresh) {
    res.writeHead(304, { etag, 'last-modified': headers['last-modified'], 'cache-control': cache });
    res.end();
    return true;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return (void res.end(), true);
  createReadStream(hit.file)
    .on('error', () => res.destroy())
    .pipe(res);
  return true;
}
