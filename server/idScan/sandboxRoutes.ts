/**
 * The ID-scan sandbox's pages and controls.
 * - `GET /sandbox/idscan/{journeyId}/{token}`: the capture page (plain HTML, no script: it runs under the server's
 *   CSP in the ID check dialog's frame): the sample licences (samples/) as choices, Capture and Skip in a form.
 *   Once captured it reports each check (blurCheck, fullDocumentInViewCheck, lowResolutionCheck: Good or Bad), the
 *   details read, and a Continue link to the journey's return URL with `?event=passed|failed|skipped`.
 * - `POST` to the same path (`sample=<id>`, or `action=skip`): captures and redirects (303) to the page, which then
 *   reports the outcome. The outcome is kept by the provider; the portal reads it from there (idScanOutcome).
 * - `GET /sandbox/idscan/samples/{file}.svg`: a sample licence image.
 * - Demo controls (demo mode, never production): `POST /dev/idscan` `{"outcome": "passed" | "failed" | "skipped" |
 *   "blurCheck" | "fullDocumentInViewCheck" | "lowResolutionCheck", "email"?: "..."}` sets the outcome of the next
 *   capture of that person (of anyone without `email`; a check's name fails that check alone); `GET /dev/idscan`
 *   lists the controls waiting; `GET /dev/idscan/{journeyId}` answers the journey with its capture URL.
 * Texts come from the catalogue (messages/idScan.yaml) of the Host's brand. Nothing here is logged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { route, type Route, type RouteRequest } from '../plugins/route';
import { ID_SCAN_CHECKS, type IdScanJourney } from './idScanProvider';
import { ANYONE, CONTROL_OUTCOMES, SAMPLES_DIR, SANDBOX_CAPTURE_PATH, sampleLicences, type ControlOutcome, type SandboxIdScanStore } from './sandboxIdScan';

/** A catalogue text for the request's brand. */
export type PageText = (request: Request, key: string, vars?: Record<string, string>) => string;

/** Base path of the demo controls. */
export const IDSCAN_CONTROL_PATH = '/dev/idscan';

const PAGE = /^\/sandbox\/idscan\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})$/;
const SAMPLE = /^\/sandbox\/idscan\/samples\/([a-z0-9-]{1,40}\.svg)$/;
const JOURNEY_CONTROL = /^\/dev\/idscan\/([0-9a-f-]{36})$/;
const MAX_FORM_BYTES = 1024;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const noStore = () => ({ 'cache-control': 'no-store' });

/** `returnUrl` with `?event=<outcome>` added (its other parameters kept). */
const withEvent = (returnUrl: string, event: string) => {
  const url = new URL(returnUrl);
  url.searchParams.set('event', event);
  return url.toString();
};

/** The sandbox's routes; `demoControls` adds the `/dev/idscan` controls. */
export function sandboxIdScanRoutes(store: SandboxIdScanStore, text: PageText, demoControls: boolean): Route[] {
  const html = ({ fetchAPI }: RouteRequest, status: number, body: string) =>
    new fetchAPI.Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...noStore() } });
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}label{display:inline-block;margin:.5rem;text-align:center}img{display:block;width:100%;max-width:17rem;height:auto}button{font-size:1rem;padding:.5rem 1.5rem;margin-right:.5rem}dt{font-weight:bold}</style>' +
    `</head><body><h1>${esc(title)}</h1>${body}</body></html>`;

  const report = (t: (key: string) => string, journey: IdScanJourney, returnUrl: string) => {
    const checks = journey.checks
      ? `<h2>${esc(t('idScanSandbox.checks'))}</h2><dl>${ID_SCAN_CHECKS.map((c) => `<dt>${esc(t(`idScanSandbox.check.${c}`))}</dt><dd data-check="${c}">${esc(journey.checks?.[c] ?? '')}</dd>`).join('')}</dl>`
      : '';
    const d = journey.details;
    const rows: [string, string | undefined][] = d
      ? [
          ['name', [d.names.firstName, d.names.middleName, d.names.lastName].filter(Boolean).join(' ')],
          ['dateOfBirth', d.dateOfBirth],
          ['address', d.addressFull],
          ['licenseNumber', d.licenseNumber],
          ['cardNumber', d.cardNumber],
          ['version', d.version],
          ['licenseIssuedState', d.licenseIssuedState],
          ['licenseExpiry', d.licenseExpiry],
        ]
      : [];
    const details = rows.length
      ? `<h2>${esc(t('idScanSandbox.details'))}</h2><dl>${rows.filter(([, v]) => v).map(([k, v]) => `<dt>${esc(t(`idScanSandbox.detail.${k}`))}</dt><dd data-detail="${k}">${esc(v ?? '')}</dd>`).join('')}</dl>`
      : '';
    return `<p role="status" data-outcome="${journey.status}">${esc(t(`idScanSandbox.result.${journey.status}`))}</p>${checks}${details}<p><a href="${esc(withEvent(returnUrl, journey.status))}">${esc(t('idScanSandbox.continue'))}</a></p>`;
  };

  const capturePage = async (hook: RouteRequest, path: string): Promise<Response> => {
    const { request } = hook;
    const t = (key: string, vars?: Record<string, string>) => text(request, key, vars);
    const sampleFile = SAMPLE.exec(path)?.[1];
    if (sampleFile) {
      const sample = sampleLicences().find((s) => s.image === sampleFile);
      if (!sample) return html(hook, 404, '');
      return new hook.fetchAPI.Response(readFileSync(join(SAMPLES_DIR, sample.image)), { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' } });
    }
    const [, journeyId, token] = PAGE.exec(path) ?? [];
    const journey = journeyId && token && store.tokenMatches(journeyId, token) ? await store.read(journeyId) : null;
    if (!journey) return html(hook, 404, page(t('idScanSandbox.title'), `<p>${esc(t('idScanSandbox.notFound'))}</p>`));
    if (request.method === 'POST') {
      const body = await request.text();
      const form = body.length <= MAX_FORM_BYTES ? new URLSearchParams(body) : null;
      const sample = sampleLicences().find((s) => s.id === form?.get('sample'));
      const skip = form?.get('action') === 'skip';
      if (!sample && !skip) return html(hook, 400, page(t('idScanSandbox.title'), `<p role="alert">${esc(t('idScanSandbox.badRequest'))}</p>`));
      await store.capture(journey.journeyId, skip ? null : (sample ?? null));
      return new hook.fetchAPI.Response(null, { status: 303, headers: { location: path, ...noStore() } });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return html(hook, 405, '');
    if (journey.status !== 'pending') return html(hook, 200, page(t('idScanSandbox.title'), report(t, journey, journey.returnUrl)));
    const choices = sampleLicences()
      .map((s, i) => {
        const issuer = s.details.licenseIssuedState ?? s.id.toUpperCase();
        const label = t('idScanSandbox.sample', { name: `${s.details.names.firstName} ${s.details.names.lastName}`, issuer });
        return `<label><input type="radio" name="sample" value="${esc(s.id)}"${i === 0 ? ' checked' : ''}><img src="${SANDBOX_CAPTURE_PATH}samples/${esc(s.image)}" alt="${esc(label)}">${esc(label)}</label>`;
      })
      .join('');
    const body =
      `<p>${esc(t('idScanSandbox.intro'))}</p><form method="post"><fieldset>${choices}</fieldset>` +
      `<p><button type="submit">${esc(t('idScanSandbox.capture'))}</button><button type="submit" name="action" value="skip">${esc(t('idScanSandbox.skip'))}</button></p></form>`;
    return html(hook, 200, page(t('idScanSandbox.title'), body));
  };

  const control = async (hook: RouteRequest, path: string): Promise<Response> => {
    const json = (status: number, body: unknown) => hook.fetchAPI.Response.json(body, { status, headers: noStore() });
    const journeyId = JOURNEY_CONTROL.exec(path)?.[1];
    if (journeyId) {
      const j = hook.request.method === 'GET' ? await store.read(journeyId) : null;
      if (hook.request.method !== 'GET') return json(405, { error: 'GET the journey' });
      if (!j) return json(404, { error: 'no sandbox journey with this id' });
      return json(200, { journeyId: j.journeyId, status: j.status, checks: j.checks, captureUrl: store.linkOf(j.journeyId, j.returnUrl), returnUrl: j.returnUrl });
    }
    if (path !== IDSCAN_CONTROL_PATH) return json(404, { error: `GET or POST ${IDSCAN_CONTROL_PATH}, or GET ${IDSCAN_CONTROL_PATH}/{journeyId}` });
    if (hook.request.method === 'GET') return json(200, { next: await store.pending() });
    if (hook.request.method !== 'POST') return json(405, { error: 'GET the controls waiting or POST one' });
    const b = (await hook.request.json().catch(() => undefined)) as { outcome?: unknown; email?: unknown } | undefined;
    const outcome = b?.outcome;
    const email = b?.email;
    if (typeof outcome !== 'string' || !CONTROL_OUTCOMES.includes(outcome as ControlOutcome) || (email !== undefined && (typeof email !== 'string' || !EMAIL.test(email)))) {
      return json(400, { error: `POST {"outcome": one of ${CONTROL_OUTCOMES.join(', ')}, "email"?: the person's (default: anyone's next capture)}` });
    }
    const key = typeof email === 'string' ? email.toLowerCase() : ANYONE;
    await store.setNext(key, outcome as ControlOutcome);
    return json(200, { next: await store.pending() });
  };

  return [
    route('ID-scan sandbox capture page', (path) => path.startsWith(SANDBOX_CAPTURE_PATH), capturePage),
    ...(demoControls ? [route('ID-scan sandbox controls', (path) => path === IDSCAN_CONTROL_PATH || path.startsWith(`${IDSCAN_CONTROL_PATH}/`), control)] : []),
  ];
}
