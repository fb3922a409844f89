/**
 * Demo mode: `/dev/mailbox` lists the outbox (newest first) so reset links can be followed locally, each message's
 * attachments (outbox_attachments) with a download link (`/dev/mailbox/attachments/<id>/<position>`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { route, type Route, type RouteRequest } from '../plugins/route';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, (u) => `<a href="${u}">${u}</a>`);

const PATHS = new Set(['/dev/mailbox', '/dev/mailbox.json']);
const ATTACHMENT = /^\/dev\/mailbox\/attachments\/([0-9a-f-]{36})\/(\d+)$/i;

/** The route serving the mailbox page and `/dev/mailbox.json` (the app registers it in demo mode only). */
export function devMailbox(db: Kysely<Database>): Route {
  const page = async ({ url, fetchAPI }: RouteRequest): Promise<Response> => {
    const attachment = ATTACHMENT.exec(url.pathname);
    if (attachment) {
      const row = await db.selectFrom('outbox_attachments').select(['file_name', 'mime_type', 'content_base64'])
        .where('outbox_id', '=', attachment[1]).where('position', '=', Number(attachment[2])).executeTakeFirst();
      if (!row) return new fetchAPI.Response('Not found', { status: 404 });
      return new fetchAPI.Response(Buffer.from(row.content_base64, 'base64'), {
        headers: { 'content-type': row.mime_type, 'content-disposition': `attachment; filename="${row.file_name.replace(/[^\w.-]/g, '_')}"`, 'cache-control': 'no-store' },
      });
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    let q = db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'body_text', 'template', 'created_at']).orderBy('created_at', 'desc').limit(100);
    if (to) q = q.where('to_address', '=', to);
    const rows = await q.execute();
    const ids = rows.map((r) => r.id);
    const files = ids.length
      ? await db.selectFrom('outbox_attachments').select(['outbox_id', 'position', 'file_name', 'mime_type']).where('outbox_id', 'in', ids).orderBy('position').execute()
      : [];
    const attachmentsOf = (id: string) => files.filter((f) => f.outbox_id === id).map((f) => ({ fileName: f.file_name, mimeType: f.mime_type, url: `/dev/mailbox/attachments/${id}/${f.position}` }));
    if (url.pathname.endsWith('.json')) return fetchAPI.Response.json(rows.map((r) => ({ ...r, attachments: attachmentsOf(r.id) })), { headers: { 'cache-control': 'no-store' } });
    const items = rows
      .map((r) => {
        const list = attachmentsOf(r.id).map((a) => `<li><a href="${esc(a.url)}" download="${esc(a.fileName)}">${esc(a.fileName)}</a></li>`).join('');
        return `<article><h2>${esc(r.subject)}</h2><p><code>${esc(r.to_address)}</code> · ${r.created_at.toISOString()} · ${esc(r.template)}</p><pre>${linkify(r.body_text)}</pre>${list ? `<ul>${list}</ul>` : ''}</article>`;
      })
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>/dev/mailbox</title></head><body><h1>/dev/mailbox</h1>${items}</body></html>`;
    return new fetchAPI.Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  };
  return route('dev mailbox', (path) => PATHS.has(path) || ATTACHMENT.test(path), page);
}
