// A small local HTTP server standing in for a forum's API in tests and in the GM's rehearsal
// (`adjutant forum sandbox`): routes written from the
// forum's documentation, every request recorded, and faults a test can queue (an outage, a 429
// storm, a revoked key) for the next requests. Bodies are read as the forum would: JSON, or form
// data (URL-encoded or multipart) through the standard Request.formData().
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ContractRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Form fields (text values; files as their names' File). */
  form?: FormData;
  json?: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Route = (req: ContractRequest, params: string[]) => Reply | Promise<Reply>;

export interface ContractServer {
  url: string;
  requests: ContractRequest[];
  /** The next `count` requests (of those `when` picks, when given) get this reply instead of their route's. */
  fail(reply: Reply, count?: number, when?: (req: ContractRequest) => boolean): void;
  /** Drops the faults still waiting: the storm is over. */
  calm(): void;
  /** Every answer (of those `when` picks, when given) is held back this long after the forum has done the work (a slow forum, a crash's window). */
  latency(ms: number, when?: (req: ContractRequest) => boolean): void;
  /** The server stops answering (connections refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1, on `port` (any free one when 0). */
export async function startContractServer(
  routes: Array<[string, RegExp, Route]>,
  auth: (req: ContractRequest) => Reply | null,
  port = 0,
): Promise<ContractServer> {
  const requests: ContractRequest[] = [];
  const faults: Array<{ reply: Reply; when?: (req: ContractRequest) => boolean }> = [];
  let delayMs = 0;
  let delayWhen: ((req: ContractRequest) => boolean) | undefined;
  // A client that goes away mid-request (a killed process) ends only its own request.
  const handle = async (incoming: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(incoming.url ?? '/', 'http://forum.test');
    const req: ContractRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers };
    const type = String(incoming.headers['content-type'] ?? '');
    if (body.length && type.includes('json')) req.json = JSON.parse(body.toString('utf8'));
    else if (body.length) req.form = await new Request('http://forum.test', { method: 'POST', headers: { 'content-type': type }, body }).formData();
    requests.push(req);
    const fault = faults.findIndex((f) => !f.when || f.when(req));
    const reply = (fault >= 0 ? faults.splice(fault, 1)[0].reply : undefined) ?? auth(req) ?? (await route(req));
    if (delayMs && (!delayWhen || delayWhen(req))) await new Promise((r) => setTimeout(r, delayMs));
    res.writeHead(reply.status, {
      'content-type': typeof reply.body === 'string' ? 'application/atom+xml; charset=UTF-8' : 'application/json; charset=utf-8',
      ...reply.headers,
    });
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  };
  const route = async (req: ContractRequest): Promise<Reply> => {
    for (const [method, pattern, fn] of routes) {
      const m = pattern.exec(req.path);
      if (m && method === req.method) return fn(req, m.slice(1));
    }
    return { status: 404, body: { errors: ['not found'] } };
  };
  let server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  const listen = () =>
    new Promise<void>((resolve) => (server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()))).listen(bound, '127.0.0.1', resolve));
  const stop = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    fail: (reply, count = 1, when) => faults.push(...Array.from({ length: count }, () => ({ reply, when }))),
    calm: () => void faults.splice(0),
    latency: (ms, when) => void ((delayMs = ms), (delayWhen = when)),
    down: stop,
    up: listen,
    close: stop,
  };
}
