/** `npm start`'s prestart builds the front end (and the server) only when dist/ is older than its sources, the server alone when only it is. */
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWhenStale, staleBuild } from '../../../scripts/buildWhenStale.mjs';
import { scratchDir } from '../../scratch';

describe('stale build check', () => {
  const root = scratchDir('ff-build');

  it('runs npm run build when a front-end source is newer than dist/index.html or an entry is missing, build:server when only a server source is newer, and nothing otherwise', () => {
    mkdirSync(join(root, 'app'));
    mkdirSync(join(root, 'server'));
    mkdirSync(join(root, 'dist'));
    const write = (file: string, text: string) => `fs.mkdirSync(path.dirname('${file}'), { recursive: true }); fs.writeFileSync('${file}', '${text}');`;
    const node = (code: string) => `node -e "const fs = require('fs'); const path = require('path'); ${code}"`;
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'x', private: true, scripts: {
      build: node(write('dist/index.html', 'built') + write('dist-server/server.js', '') + write('dist-node/main.js', 'server')),
      'build:server': node(write('dist-node/main.js', 'server only')),
    } }));
    writeFileSync(join(root, 'app', 'main.tsx'), '');
    writeFileSync(join(root, 'server', 'main.ts'), '');
    writeFileSync(join(root, 'dist', 'index.html'), 'old');
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'dist', 'index.html'), past, past);
    expect(staleBuild(root)).toBe('build');
    expect(buildWhenStale(root)).toBe(true);
    expect(readFileSync(join(root, 'dist', 'index.html'), 'utf8')).toBe('built');
    expect(staleBuild(root)).toBe(undefined);
    // The server-render entry (the build's second half) missing: stale.
    rmSync(join(root, 'dist-server'), { recursive: true });
    expect(staleBuild(root)).toBe('build');
    expect(buildWhenStale(root)).toBe(true);
    expect(staleBuild(root)).toBe(undefined);
    // A server source newer than the built server: the server alone is built.
    utimesSync(join(root, 'dist-node', 'main.js'), past, past);
    expect(staleBuild(root)).toBe('build:server');
    expect(buildWhenStale(root)).toBe(true);
    expect(readFileSync(join(root, 'dist-node', 'main.js'), 'utf8')).toBe('server only');
    expect(staleBuild(root)).toBe(undefined);
    // The built server missing: built.
    rmSync(join(root, 'dist-node'), { recursive: true });
    expect(staleBuild(root)).toBe('build:server');
    expect(buildWhenStale(root)).toBe(true);
    expect(staleBuild(root)).toBe(undefined);
    // A brand file newer than the build needs no build: the server answers its texts at run time.
    mkdirSync(join(root, 'brands'));
    writeFileSync(join(root, 'brands', 'added.yaml'), 'id: added\n');
    utimesSync(join(root, 'brands', 'added.yaml'), future, future);
    expect(staleBuild(root)).toBe(undefined);
  }, 60_000);
});
