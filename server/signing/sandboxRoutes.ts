/**
 * The sandbox's pages and controls.
 * - `GET /sandbox/esign/{envelopeId}/{signerToken}`: the signing page (plain HTML, no script: it runs under the
 *   server's CSP in the signing dialog's frame): the documents, who signs, and Sign / Decline buttons in a form.
 * - `POST` to the same path (`action=sign|decline`): records the recipient's answer and redirects (303) to the
 *   envelope's return URL with `?event=signing_complete|decline` (`ttl_expired` once expired).
 * - `GET /sandbox/esign/{envelopeId}/{signerToken}/documents/{n}`: document n (0-based) as a PDF.
 * - A voided envelope (its officer left the application): every one of these answers 410 with a page saying the
 *   request was withdrawn (and the provider's reason), whatever the method: the link no longer signs or shows anything.
 * - Demo controls (demo mode, never production): `GET /dev/esign/{envelopeId}` answers the envelope with every
 *   recipient's signing URL; `POST /dev/esign/{envelopeId}` with `{"status": "expired"}` (any envelope state) or
 *   `{"email": "...", "action": "sign"|"decline"}` (as that recipient would on the page, in its turn);
 *   `GET /dev/esign/?email=...` lists the envelopes with that recipient (a witness finds their signing page so).
 * - Recipients sign in the order the envelope lists them: the page shows Sign only to the one whose turn it is.
 * Texts come from the catalogue (messages/signing.yaml) of the Host's brand.
 */
import { ENVELOPE_STATES, RETURN_EVENTS, turnOf, withEvent, type EnvelopeState } from './eSignatureProvider';
import { SANDBOX_SIGNING_PATH, type RecipientAction, type SandboxEnvelope, type SandboxStore } from './sandboxESignature';
import { route, type Route, type RouteRequest } from '../plugins/route';

/** A catalogue text for the request's brand. */
export type PageText = (request: Request, key: string, vars?: Record<string, string>) => string;

/** Base path of the demo controls. */
export const SANDBOX_CONTROL_PATH = '/dev/esign/';

const PAGE = /^\/sandbox\/esign\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})(?:\/documents\/(\d{1,3}))?$/;
const CONTROL = /^\/dev\/esign\/([0-9a-f-]{36})$/;
const MAX_FORM_BYTES = 1024;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// A fresh object each time: whatwg-node's Response.json writes its content-type into the headers object it is given.
const noStore = () => ({ 'cache-control': 'no-store' });

/** The event a return URL carries for the envelope's state as this recipient sees it; undefined while awaiting them. */
function eventFor(envelope: SandboxEnvelope, email: string): string | undefined {
  const own = envelope.recipients.find((r) => r.email === email)?.status;
  if (envelope.status === 'expired') return RETURN_EVENTS.expired;
  if (envelope.status === 'declined' || own === 'declined') return RETURN_EVENTS.declined;
  if (own === 'completed') return RETURN_EVENTS.completed;
  return undefined;
}

/** The sandbox's routes; `demoControls` adds the `/dev/esign/` controls. */
export function sandboxRoutes(store: SandboxStore, text: PageText, demoControls: boolean): Route[] {
  const html = ({ fetchAPI }: RouteRequest, status: number, body: string) =>
    new fetchAPI.Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...noStore() } });
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1.5rem;margin-right:.5rem}</style>' +
    `</head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;

  const signingPage = async (hook: RouteRequest, path: string): Promise<Response> => {
    const [, envelopeId, token, documentIndex] = PAGE.exec(path) ?? [];
    const { request } = hook;
    const t = (key: string, vars?: Record<string, string>) => text(request, key, vars);
    const envelope = envelopeId ? await store.read(envelopeId) : null;
    const recipient = envelope && token ? store.recipientOf(envelope, token) : null;
    const notFound = () => html(hook, 404, page(t('esignSandbox.title'), `<p>${esc(t('esignSandbox.notFound'))}</p>`));
    if (!envelope || !recipient) return notFound();
    if (envelope.status === 'voided') {
      const reason = envelope.voidedReason ? `<p>${esc(envelope.voidedReason)}</p>` : '';
      return html(hook, 410, page(t('esignSandbox.title'), `<p role="alert">${esc(t('esignSandbox.state.voided'))}</p>${reason}`));
    }
    if (documentIndex !== undefined) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return html(hook, 405, '');
      const doc = (await store.documents(envelope.id))[Number(documentIndex)];
      if (!doc) return notFound();
      const name = doc.name.replace(/[^\w.-]/g, '_');
      return new hook.fetchAPI.Response(new Uint8Array(doc.bytes), { headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}"`, ...noStore() } });
    }
    if (request.method === 'POST') {
      const body = await request.text();
      const action = body.length <= MAX_FORM_BYTES ? new URLSearchParams(body).get('action') : null;
      if (action !== 'sign' && action !== 'decline') return html(hook, 400, page(t('esignSandbox.title'), `<p>${esc(t('esignSandbox.badRequest'))}</p>`));
      const after = (await store.act(envelope.id, recipient.email, action)) ?? envelope;
      const event = eventFor(after, recipient.email);
      // Still awaiting this recipient (a draft envelope): the page again, saying why.
      if (!event) return new hook.fetchAPI.Response(null, { status: 303, headers: { location: path, ...noStore() } });
      return new hook.fetchAPI.Response(null, { status: 303, headers: { location: withEvent(after.returnUrl, event), ...noStore() } });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return html(hook, 405, '');
    const documents = (await store.documents(envelope.id))
      .map((d, i) => `<li><a href="${esc(`${path}/documents/${i}`)}" target="_blank" rel="noopener">${esc(d.name)}</a></li>`)
      .join('');
    const event = eventFor(envelope, recipient.email);
    const pending = envelope.status === 'sent' && recipient.status === 'pending';
    const awaiting = pending && turnOf(envelope.recipients)?.email === recipient.email;
    // Signed while others have not: waiting; before their turn: not yet; otherwise the envelope's own state.
    const stateKey = envelope.status === 'sent' && recipient.status === 'completed' ? 'waiting' : pending ? 'notYourTurn' : envelope.status;
    const state = awaiting ? '' : `<p role="status">${esc(t(`esignSandbox.state.${stateKey}`))}</p>`;
    const actions = awaiting
      ? `<form method="post"><button type="submit" name="action" value="sign">${esc(t('esignSandbox.sign'))}</button><button type="submit" name="action" value="decline">${esc(t('esignSandbox.decline'))}</button></form>`
      : event
        ? `<p><a href="${esc(withEvent(envelope.returnUrl, event))}">${esc(t('esignSandbox.continue'))}</a></p>`
        : '';
    const body =
      `<p>${esc(t('esignSandbox.intro'))}</p><p>${esc(t('esignSandbox.signingAs', { name: recipient.name, email: recipient.email }))}</p>` +
      `<h2>${esc(t('esignSandbox.documents'))}</h2><ul>${documents}</ul>${state}${actions}`;
    return html(hook, 200, page(t('esignSandbox.title'), body));
  };

  const describe = (e: SandboxEnvelope) => ({
    envelopeId: e.id,
    status: e.status,
    returnUrl: e.returnUrl,
    recipients: e.recipients.map((r) => ({ ...r, signingUrl: store.linkOf(e.id, r.email, e.returnUrl) })),
  });

  const control = async (hook: RouteRequest, path: string): Promise<Response> => {
    const json = (status: number, body: unknown) => hook.fetchAPI.Response.json(body, { status, headers: noStore() });
    const email = hook.url.searchParams.get('email');
    if (path === SANDBOX_CONTROL_PATH && hook.request.method === 'GET' && email) {
      return json(200, { envelopes: (await store.byRecipient(email)).map((e) => describe(e)) });
    }
    const envelopeId = CONTROL.exec(path)?.[1];
    const envelope = envelopeId ? await store.read(envelopeId) : null;
    if (!envelope) return json(404, { error: 'no sandbox envelope with this id' });
    if (hook.request.method === 'GET') return json(200, describe(envelope));
    if (hook.request.method !== 'POST') return json(405, { error: 'GET the envelope or POST a control' });
    const b = (await hook.request.json().catch(() => undefined)) as { status?: unknown; email?: unknown; action?: unknown } | undefined;
    if (b && typeof b.status === 'string' && ENVELOPE_STATES.includes(b.status as EnvelopeState) && b.email === undefined) {
      return json(200, describe((await store.setState(envelope.id, b.status as EnvelopeState)) ?? envelope));
    }
    if (b && typeof b.email === 'string' && (b.action === 'sign' || b.action === 'decline') && b.status === undefined) {
      if (!envelope.recipients.some((r) => r.email === (b.email as string).toLowerCase())) return json(400, { error: `no recipient ${b.email} on this envelope` });
      return json(200, describe((await store.act(envelope.id, b.email, b.action as RecipientAction)) ?? envelope));
    }
    return json(400, { error: `POST {"status": one of ${ENVELOPE_STATES.join(', ')}} or {"email": a recipient's, "action": "sign" | "decline"}` });
  };

  return [
    route('e-signature sandbox signing page', (path) => path.startsWith(SANDBOX_SIGNING_PATH), signingPage),
    ...(demoControls ? [route('e-signature sandbox controls', (path) => path.startsWith(SANDBOX_CONTROL_PATH), control)] : []),
  ];
}
