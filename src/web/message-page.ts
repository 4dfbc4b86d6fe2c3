// A page that only says something: a refusal, a page that is not there, an error.
import type { ServerResponse } from 'node:http';
import { sendHtml } from './http-kit.ts';
import { renderPage } from './page-templates.ts';
import type { WebContext } from './web-context.ts';

export function message(web: WebContext, res: ServerResponse, status: number, title: string, text: string, headers: Record<string, string> = {}): void {
  sendHtml(res, status, renderPage('message', { title, base: web.base, private: true }, { title, text }), { 'cache-control': 'no-store', ...headers });
}

export function notFound(web: WebContext, res: ServerResponse): void {
  message(web, res, 404, 'Not found', 'There is nothing here. Check the address, or start from the list of games.');
}
