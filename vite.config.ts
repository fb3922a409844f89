import { fileURLToPath } from 'node:url';
import griffel from '@griffel/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { griffelCss } from './scripts/griffelCss.ts';
import { precompress } from './scripts/precompress.ts';

// The portal: app/index.html is the entry; `npm run build` runs scripts/compileValidators.ts first,
// which writes .generated/ (bundles + ajv standalone validators) that app/start.tsx imports.
// Form code (rjsf + theme + validators) and Apollo load as separate chunks; definitions are JSON files (a region's
// core, a part per flow: `?url&no-inline` imports in .generated/definitions.ts) the app fetches as it needs them.
// Every text file of dist/ gets a .br and a .gz beside it (scripts/precompress.ts), served by negotiation;
// not index.html, which the server sends with the Host's brand in it (server/brands/brandPage.ts).
// `vite build --ssr server.tsx` (the second half of `npm run build`) builds the server-render entry
// app/server.tsx into dist-server/server.js, every dependency bundled in (the server imports that one file).
// Styles at build time: @griffel/vite-plugin compiles every makeStyles of the runtime, app and extensions to its
// classes and CSS rules (as Fluent ships its components), and scripts/griffelCss.ts moves all those rules into one
// style sheet the page links, so no script carries or inserts CSS (issue 16: -16 kB gzip on /login's first visit, -26 on /calculator's).
// Both builds transform alike, so the server's markup names the classes the browser's sheet styles.
const GRIFFEL = { babelOptions: { presets: ['@babel/preset-typescript', ['@babel/preset-react', { runtime: 'automatic' }]] } };

export default defineConfig(({ isSsrBuild }) => ({
  root: 'app',
  // app/public/ is copied to dist/ as is: the demo catalogue's vehicle images (vehicles/, scripts/vehicleImages.ts).
  publicDir: isSsrBuild ? false : 'public',
  plugins: isSsrBuild ? [react(), griffel(GRIFFEL), griffelCss()] : [react(), griffel(GRIFFEL), griffelCss(), precompress({ skip: ['index.html'] })],
  ssr: { noExternal: true },
  // rjsf's markdown rendering is never used by the runtime's theme: a stub keeps the parser out.
  // fast-uri, which rjsf uses for JSON Schema 2020-12 `$ref`s only, is the browser's URL parser (app/uriResolver.ts).
  resolve: {
    alias: {
      'markdown-to-jsx/react': fileURLToPath(new URL('./app/markdownStub.tsx', import.meta.url)),
      ...(isSsrBuild ? {} : { 'fast-uri': fileURLToPath(new URL('./app/uriResolver.ts', import.meta.url)) }),
    },
  },
  build: {
    outDir: isSsrBuild ? '../dist-server' : '../dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // A form validates on its first blur or submit: V8's compile hint has Chrome compile a
    // validator's chunk (one per form, .generated/validators/) while loading it, not on that first call
    // (10 ms for a 300-field form). Measured by bench:keystroke at no mount cost while the chunk is small.
    rolldownOptions: {
      output: {
        // The app (app/start.tsx and every module it imports) is one chunk: left to automatic splitting it was 42
        // chunks shared with the lazy ones, each a modulepreload link the entry's loader appended in one task
        // (18-35 ms at full speed, the longest task of a first visit at 4x CPU), and 10 kB more gzip than one file.
        // The browser entry's own imports stay apart ('entry'), else the entry would load the app at once.
        // The server's build (one process, files on disk) keeps the default.
        codeSplitting: isSsrBuild ? true : {
          groups: [
            { name: 'entry', test: (id: string) => /runtime[\\/]core[\\/]serverRender|vite[\\/]preload-helper/.test(id), priority: 2 },
            { name: 'app', test: /app[\\/]start\.tsx$/, priority: 1 },
          ],
        },
        postBanner: (chunk) => (chunk.facadeModuleId?.includes('/.generated/validators/') ? '//# allFunctionsCalledOnLoad' : ''),
      },
    },
  },
  server: { proxy: { '/graphql': 'http://localhost:4000' } },
}));
