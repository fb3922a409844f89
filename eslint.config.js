// One lint configuration for the whole project; `npm run lint` runs it and the definitions lint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'dist-server/**', 'dist-node/**', 'data/**', '.generated/**', 'bench/results/**', 'bench/.build/**', 'test-results/**', 'playwright-report/**', '.studio/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Classic scripts the page loads as they are (app/public/early-input.js): the browser's globals.
    files: ['app/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: Object.fromEntries(['document', 'window', 'Element', 'MutationObserver', 'setTimeout'].map((name) => [name, 'readonly'])) },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // User-facing text lives in definitions: JSX may not hold literal words.
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/[A-Za-z]{2,}/]', message: 'User-facing text belongs in the message catalogue, not in TSX.' },
      ],
    },
  },
  {
    // The runtime is generic and self-contained: it imports nothing from outside runtime/.
    files: ['runtime/**/*.ts', 'runtime/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(?!runtime/)(flows|server|app|extensions|schemas|regions|brands|scripts|tests|bench)(/|$)', message: 'runtime/ imports nothing from outside itself.' }] },
      ],
    },
  },
  {
    // The server runs without the browser runtime, the app's sources or the build (it loads the built server-render entry): the bundle format is runtime/core's,
    // createBundle and the SDL helpers runtime/node's.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [
          { regex: '^(\\.\\./)+(runtime/react|scripts|app)(/|$)', message: 'server/ reaches neither runtime/react, app/ nor scripts/ (bundle format: runtime/core/bundle.ts; createBundle: runtime/node; the server render: the built dist-server/server.js, server/http/serverEntry.ts).' },
          { regex: '^(\\.\\./)+extensions(/|$)', message: 'server/ receives extensions through ServerExtensions (server/services.ts); server/productExtensions.ts is its one import of extensions/.' },
        ] },
      ],
    },
  },
  {
    // The server's one door to extensions/: the product's default ServerExtensions.
    files: ['server/productExtensions.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(runtime/react|scripts|app)(/|$)', message: 'server/ reaches neither runtime/react, app/ nor scripts/.' }] },
      ],
    },
  },
  {
    // Scripts are command lines over the parts' modules: no part imports from scripts/ (vite.config.ts's build plugins and the
    // scripts' own tests may). runtime/ and server/ state it in their own rules above; code shared with a script lives in its part.
    files: ['app/**/*.{ts,tsx}', 'extensions/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+scripts(/|$)', message: 'Parts import nothing from scripts/: move the shared code into the part it belongs to (e.g. runtime/node).' }] },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter: `{}` is how a fixture names none.
    files: ['tests/e2e/fixtures.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
