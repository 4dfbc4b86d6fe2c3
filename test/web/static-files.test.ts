// The web server's files over loopback: the output folder's maps and updates with their content
// types and cache headers, nothing outside the folder.
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../src/web/web-server.ts';
import { testDeps } from './support.ts';

/** A raw request, so paths like "/../x" reach the server as written (fetch would tidy them). */
function get(
  url: string,
  pathname: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; type?: string; body: string; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: pathname, method, headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('output files on the web server', () => {
  let root: string;
  let server: WebServer;
  let services: Awaited<ReturnType<typeof testDeps>>;

  beforeAll(async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'adjutant-out-'));
    root = path.join(base, 'out');
    await mkdir(path.join(root, 'game', 'turn-3'), { recursive: true });
    await writeFile(path.join(root, 'game', 'turn-3', 'map.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(path.join(root, 'game', 'turn-3', 'update-xenforo.txt'), '[B]Turn 3[/B]');
    await writeFile(path.join(root, 'game', 'turn-3', 'update-discourse.md'), '# Turn 3');
    await writeFile(path.join(base, 'secret.txt'), 'private report');
    await symlink(path.join(base, 'secret.txt'), path.join(root, 'game', 'link.txt'));
    services = await testDeps();
    server = await startWebServer({ dir: root, port: 0, deps: services.deps });
  });
  afterAll(async () => {
    await server.close();
    await services.close();
  });

  it('serves files with their content types', async () => {
    const png = await get(server.url, '/game/turn-3/map.png');
    expect([png.status, png.type, png.body]).toEqual([200, 'image/png', '\x89PNG']);
    expect((await get(server.url, '/game/turn-3/update-xenforo.txt')).type).toBe('text/plain; charset=utf-8');
    expect((await get(server.url, '/game/turn-3/update-discourse.md')).type).toBe('text/markdown; charset=utf-8');
  });

  it('answers HEAD without a body, and 304 when the file has not changed', async () => {
    const head = await get(server.url, '/game/turn-3/map.png', 'HEAD');
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', '4']);
    const again = await get(server.url, '/game/turn-3/map.png', 'GET', { 'if-modified-since': String(head.headers['last-modified']) });
    expect(again.status).toBe(304);
    const tagged = await get(server.url, '/game/turn-3/map.png', 'GET', { 'if-none-match': String(head.headers.etag) });
    expect(tagged.status).toBe(304);
  });

  it('lets browsers and proxies keep images, and other sites embed them', async () => {
    const png = await get(server.url, '/game/turn-3/map.png');
    expect(png.headers['cache-control']).toContain('max-age=86400');
    expect(png.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(png.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    '/-/assets/..%2f..%2fpackage.json',
    '/-/assets/%2e%2e/%2e%2e/package.json',
    '/../secret.txt',
    '/game/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/game/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/game/link.txt',
    '/game/turn-3/map.png%00.txt',
    '/%E0%A4%A',
  ])('refuses %s', async (pathname) => {
    const res = await get(server.url, pathname);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('private report');
  });

  it('lists no folders and accepts no uploads', async () => {
    expect((await get(server.url, '/game/turn-3/')).status).toBe(404);
    expect((await get(server.url, '/game/')).status).toBe(404);
    const post = await get(server.url, '/game/turn-3/map.png', 'POST');
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
  });
});
