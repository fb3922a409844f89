/** `npm start` rebuilds the front end only when dist/ is older than its sources. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureFrontEndBuilt, frontEndIsStale } from '../../../server/http';
import { createLogger } from '../../../server/log';

describe('stale build check', () => {
  const root = mkdtempSync(join(tmpdir(), 'ff-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('runs npm run build when a source is newer than dist/index.html or the server-render entry is missing, and not otherwise', async () => {
    mkdirSync(join(root, 'app'));
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'vite.config.ts'), '');
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'x', private: true, scripts: { build: 'node -e "const fs = require(\'fs\'); fs.writeFileSync(\'dist/index.html\', \'built\'); fs.mkdirSync(\'dist-server\', { recursive: true }); fs.writeFileSync(\'dist-server/server.js\', \'\')"' } }));
    writeFileSync(join(root, 'app', 'main.tsx'), '');
    writeFileSync(join(root, 'dist', 'index.html'), 'old');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'dist', 'index.html'), past, past);
    expect(frontEndIsStale(root)).toBe(true);
    const log = createLogger('error', {}, () => undefined);
    expect(await ensureFrontEndBuilt(root, log)).toBe(true);
    expect(readFileSync(join(root, 'dist', 'index.html'), 'utf8')).toBe('built');
    expect(frontEndIsStale(root)).toBe(false);
    // The server-render entry (the build's second half) missing: stale.
    rmSync(join(root, 'dist-server'), { recursive: true });
    expect(frontEndIsStale(root)).toBe(true);
    expect(await ensureFrontEndBuilt(root, log)).toBe(true);
    expect(frontEndIsStale(root)).toBe(false);
    // A brand file newer than the build needs no build: the server answers its texts at run time.
    mkdirSync(join(root, 'brands'));
    writeFileSync(join(root, 'brands', 'added.yaml'), 'id: added\n');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'brands', 'added.yaml'), future, future);
    expect(frontEndIsStale(root)).toBe(false);
  }, 60_000);
});
