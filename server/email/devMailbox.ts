/** Demo mode: `/dev/mailbox` lists the outbox (newest first) so reset links can be followed locally. */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { route, type Route, type RouteRequest } from '../plugins/route';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, (u) => `<a href="${u}">${u}</a>`);

const PATHS = new Set(['/dev/mailbox', '/dev/mailbox.json']);

/** The route serving the mailbox page and `/dev/mailbox.json` (the app registers it in demo mode only). */
export function devMailbox(db: Kysely<Database>): Route {
  const page = async ({ url, fetchAPI }: RouteRequest): Promise<Response> => {
    const to = url.searchParams.get('to')?.toLowerCase();
    let q = db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'body_text', 'template', 'created_at']).orderBy('created_at', 'desc').limit(100);
    if (to) q = q.where('to_address', '=', to);
    const rows = await q.execute();
    if (url.pathname.endsWith('.json')) return fetchAPI.Response.json(rows, { headers: { 'cache-control': 'no-store' } });
    const items = rows
      .map((r) => `<article><h2>${esc(r.subject)}</h2><p><code>${esc(r.to_address)}</code> · ${r.created_at.toISOString()} · ${esc(r.template)}</p><pre>${linkify(r.body_text)}</pre></article>`)
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>/dev/mailbox</title></head><body><h1>/dev/mailbox</h1>${items}</body></html>`;
    return new fetchAPI.Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  };
  return route('dev mailbox', (path) => PATHS.has(path), page);
}
