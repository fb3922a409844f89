/**
 * Forms posted to server-rendered pages (issue 36 item 2), the server's half (server/http/formPosts.ts): a post from
 * this host's own page with the token the server wrote into it is run by the render entry's `submit`, whose calls go
 * to this server's GraphQL as the posting visitor; a sign-in answers 303 to the landing path with the session
 * cookie, a failure answers the page rendered with the answer; failed sign-ins count towards the same rate limits as
 * the GraphQL `login` (either way in, the same refusal); a post from another origin, without Origin, cross-site, or
 * without a valid token for this host is refused 403 and runs nothing. A stand-in entry submits like
 * app/server.tsx; the real one (runtime/react `submitOnServer`) is exercised by tests/e2e/beforeTheApp.spec.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueFormToken } from '../../../server/auth/formToken';
import { DATABASES, definitions, startServer, useHarness } from './harness';
import { scratchDir } from '../../scratch';

const HTML = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div></body></html>';

/** A stand-in for the built app/server.tsx: renders /login with the form token and any posted answer; submits `login`. */
const ENTRY = `
const LOGIN = 'mutation login($email: String!, $password: String!) { login(email: $email, password: $password) { success error code redirectTo } }';
export function renders(page, path) { return path === '/login'; }
export function pageStyle() { return ''; }
export async function render(request) {
  const posted = JSON.stringify(request.posted ?? null).replace(/</g, '\\\\u003c');
  return {
    head: '',
    html: '<main data-step="login"><form method="post"><input type="hidden" name="_token" value="' + request.formToken + '"></form><pre id="posted">' + posted + '</pre></main>',
    hydration: { path: request.path, search: request.search, environment: { host: request.host, origin: request.origin }, answers: {} },
  };
}
export async function submit(request) {
  if (request.form !== 'login') return null;
  const field = (name) => request.fields.find(([key]) => key === 'login_' + name)?.[1] ?? '';
  const answer = await request.execute(LOGIN, 'login', { email: field('email'), password: field('password') });
  return answer.success ? { redirect: answer.redirectTo } : { posted: { state: { signIn: answer }, forms: { login: { email: field('email') } } } };
}`;

const HOST = 'au.localhost';
const ORIGIN = `http://${HOST}`;
const USER = 'primary.orderverification.au@demo.example';

describe.each(DATABASES)('forms posted to server-rendered pages on %s', (kind) => {
  let root: string;
  const s = useHarness(() => {
    root = scratchDir('ff-form-posts');
    mkdirSync(join(root, 'dist'), { recursive: true });
    mkdirSync(join(root, 'dist-server'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), HTML);
    writeFileSync(join(root, 'dist-server', 'server.js'), ENTRY);
    return startServer(kind, { serveStatic: true, config: { root } });
  });

  /** The token the page at /login carries. */
  async function pageToken(): Promise<string> {
    const html = await (await s.request('/login')).text();
    const token = /name="_token" value="([^"]+)"/.exec(html)?.[1];
    if (!token) throw new Error(`no form token in ${html}`);
    return token;
  }

  /** Posts the sign-in form as a browser does (form-encoded, from this origin unless `headers` say otherwise). */
  const post = (fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) =>
    s.request('/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });

  const signIn = (token: string, email: string, password: string, headers?: Record<string, string>) =>
    post({ _form: 'login', _token: token, login_email: email, login_password: password }, headers);

  it('signs in: a 303 to the landing path with the session cookie, which the GraphQL session then knows', async () => {
    const res = await signIn(await pageToken(), USER, 'Fleetform-Demo-1');
    expect(res.status).toBe(303);
    const landing = (await s.gql('mutation($e:String!,$p:String!){ login(email:$e,password:$p){ redirectTo } }', { e: USER, p: 'Fleetform-Demo-1' })).body.data?.login as { redirectTo: string };
    expect(res.headers.get('location')).toBe(landing.redirectTo);
    const cookie = res.headers.get('set-cookie')?.split(';')[0];
    expect(cookie).toMatch(/^ff_session=/);
    const session = await s.gql('{ session { user { email } } }', {}, { cookie });
    expect((session.body.data?.session as { user: { email: string } }).user.email).toBe(USER);
  });

  it('answers a failed sign-in with the page rendered with the answer (the e-mail kept, never the password)', async () => {
    const res = await signIn(await pageToken(), USER, 'Wrong-Password-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    const posted = JSON.parse(/<pre id="posted">(.*?)<\/pre>/.exec(html)?.[1] ?? 'null') as { state: { signIn: { success: boolean; code: string; error: string } }; forms: { login: Record<string, string> } };
    expect(posted.state.signIn).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS', error: s.services.definitions.message('auth.login.invalid', { region: 'au', brand: 'acme-au' }) });
    expect(posted.forms.login).toEqual({ email: USER });
    expect(html).not.toContain('Wrong-Password-1');
  });

  it('counts failed sign-ins posted as forms and through GraphQL together: past the limit both ways are refused', async () => {
    const email = 'nobody.form-posts@example.com';
    const perPair = (definitions().layers({ region: 'au', brand: 'acme-au' }).settings.rateLimits as { signInFailure: { per: string; limit: number }[] })
      .signInFailure.find((r) => r.per === 'clientEmail')!.limit;
    const token = await pageToken();
    const codes: string[] = [];
    for (let i = 0; i < perPair; i++) {
      if (i % 2 === 0) {
        const html = await (await signIn(token, email, `Wrong-${i}`)).text();
        codes.push((JSON.parse(/<pre id="posted">(.*?)<\/pre>/.exec(html)?.[1] ?? 'null') as { state: { signIn: { code: string } } }).state.signIn.code);
      } else {
        const r = await s.gql('mutation($e:String!,$p:String!){ login(email:$e,password:$p){ code } }', { e: email, p: `Wrong-${i}` });
        codes.push((r.body.data?.login as { code: string }).code);
      }
    }
    expect(codes).toEqual(Array(perPair).fill('INVALID_CREDENTIALS'));
    const viaForm = await (await signIn(token, email, 'Wrong-again')).text();
    expect(viaForm).toContain('"code":"RATE_LIMITED"');
    const viaGraphQL = await s.gql('mutation($e:String!,$p:String!){ login(email:$e,password:$p){ code } }', { e: email, p: 'Wrong-again' });
    expect((viaGraphQL.body.data?.login as { code: string }).code).toBe('RATE_LIMITED');
  });

  it('refuses posts from elsewhere and posts without a valid token for this host, running nothing', async () => {
    const token = await pageToken();
    const refusals = [
      await signIn(token, USER, 'Fleetform-Demo-1', { origin: 'http://evil.example' }),
      await signIn(token, USER, 'Fleetform-Demo-1', {}),
      await signIn(token, USER, 'Fleetform-Demo-1', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }),
      await signIn('', USER, 'Fleetform-Demo-1'),
      await signIn(`${token.split('.')[0]}.${'A'.repeat(43)}`, USER, 'Fleetform-Demo-1'),
      await signIn(issueFormToken(s.config.secret, 'nz.localhost'), USER, 'Fleetform-Demo-1'),
      await signIn(issueFormToken(s.config.secret, HOST, Date.now() - 13 * 3600_000), USER, 'Fleetform-Demo-1'),
    ];
    expect(refusals.map((r) => r.status)).toEqual(Array(refusals.length).fill(403));
    expect(refusals.map((r) => r.headers.get('set-cookie'))).toEqual(Array(refusals.length).fill(null));
    expect(await refusals[3].text()).toBe(s.services.definitions.message('api.error.csrf.formToken', { region: 'au', brand: 'acme-au' }));
  });
});
