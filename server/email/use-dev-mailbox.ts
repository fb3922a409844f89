/** Demo mode: `/dev/mailbox` lists the outbox (newest first) so reset links can be followed locally. */
import type { Plugin } from 'graphql-yoga';
import type { Kysely } from 'kysely';
import type { Database } from '../db';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, (u) => `<a href="${u}">${u}</a>`);

/** Serve the mailbox page (and `/dev/mailbox.json`) when `enabled`. */
export function useDevMailbox(db: Kysely<Database>, enabled: boolean): Plugin {
  if (!enabled) return {};
  return {
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname !== '/dev/mailbox' && url.pathname !== '/dev/mailbox.json') return;
      return page(url, endResponse, fetchAPI);
    },
  };

  async function page(url: URL, endResponse: (r: Response) => void, fetchAPI: { Response: typeof Response }): Promise<void> {
    const to = url.searchParams.get('to')?.toLowerCase();
    let q = db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'body_text', 'template', 'created_at']).orderBy('created_at', 'desc').limit(100);
    if (to) q = q.where('to_address', '=', to);
    const rows = await q.execute();
    if (url.pathname.endsWith('.json')) return endResponse(fetchAPI.Response.json(rows, { headers: { 'cache-control': 'no-store' } }));
    const items = rows
      .map((r) => `<article><h2>${esc(r.subject)}</h2><p><code>${esc(r.to_address)}</code> · ${r.created_at.toISOString()} · ${esc(r.template)}</p><pre>${linkify(r.body_text)}</pre></article>`)
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>/dev/mailbox</title></head><body><h1>/dev/mailbox</h1>${items}</body></html>`;
    endResponse(new fetchAPI.Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } }));
  }
}
