/** The one-port server: SPA from dist/ with fallback and CSP, dev mailbox, health, GraphQL side by side. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

describe('site', () => {
  let s: TestServer;
  const root = mkdtempSync(join(tmpdir(), 'ff-site-'));
  beforeAll(async () => {
    mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(root, 'dist', 'assets', 'app-1234.js'), 'console.log(1)');
    s = await startServer('pglite', { serveStatic: true, config: { root } });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves app routes with index.html under a strict CSP', async () => {
    for (const path of ['/', '/login', '/reset-password?hash=x&email=y', '/applications/abc/approvals', '/dashboard']) {
      const r = await s.request(path);
      expect(r.status, path).toBe(200);
      expect(await r.text()).toContain('id="root"');
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('serves hashed assets immutable and answers 404 for missing files and path escapes', async () => {
    const js = await s.request('/assets/app-1234.js');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await s.request('/assets/missing.js')).status).toBe(404);
    expect((await s.request('/%2e%2e/%2e%2e/etc/passwd.txt')).status).toBe(404);
  });

  it('keeps /graphql for GraphQL and lists the outbox at /dev/mailbox in demo mode', async () => {
    expect((await s.gql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
    await s.gql(`mutation { requestPasswordReset(email: "primary.finished.au@demo.example") { success } }`);
    const page = await s.request('/dev/mailbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/reset-password?hash=');
  });
});
