import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const clientFeatures = foldersIn('./src/client/features');
const serverFeatures = foldersIn('./src/server/features');

/**
 * Which server features may use which others, one way only, and only through the other's public
 * index.ts. A feature not listed uses none. Add an edge here only when the dependency is real and
 * cannot point the other way; import-x/no-cycle keeps the graph acyclic in any case.
 */
const serverFeatureDependencies = {
  chat: ['account'],
  history: ['chat', 'memory'],
  auth: ['billing'],
  account: ['auth', 'billing'],
  admin: ['auth', 'billing'],
  documents: ['chat', 'account'],
  roundtable: ['chat', 'history', 'memory'],
  decisions: ['chat', 'memory'],
  memory: ['chat'],
};

/**
 * Lint rules that guard the architecture (DESIGN.md): contract is isomorphic, client and server
 * never import each other, client features do not import each other, server features import each
 * other one way and only through index.ts, plugins and adapters import no feature, no import
 * cycles, and only *.queries.ts files touch the Drizzle schema.
 */
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tmp/**', 'data/**', 'src/server/db/migrations/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads TypeScript sources and resolves the package.json "imports" (#server/*, ...) like Node.
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // No import cycles among our own modules. Packages are not followed (they cannot import us), and
    // files nothing imports (tests, scripts, benchmarks) cannot close a cycle: skipping them halves the cost.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-*', '#server/*', '#client/*', 'drizzle-orm*', 'fastify*'], message: 'src/contract is isomorphic: zod and plain TypeScript only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: [{ group: ['#server/*', 'node:*'], message: 'The client may import only #contract and #client.' }] }],
    },
  },
  {
    // The chat screen's first load carries no zod (issue 18, decision 042): its features take the contract's
    // strings and constants from the *-text.ts modules; a value imported from a module that builds schemas
    // would load zod and build every schema with the screen. Modules loaded when needed (a form's dialog, the
    // reply stream's reader) may use the schemas; so may a dynamic import().
    files: ['src/client/features/{chat,history,decisions,documents,roundtable,account,pwa}/**/*.{ts,tsx}', 'src/client/components/**/*.{ts,tsx}'],
    ignores: [
      'src/client/**/*.test.{ts,tsx}',
      'src/client/features/chat/logic/reply-event-parser.ts',
      'src/client/features/decisions/components/decision-form-dialog.tsx',
      'src/client/features/account/components/{edit-profile,security}-dialog.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['#server/*', 'node:*'], message: 'The client may import only #contract and #client.' }],
          paths: ['zod', ...['account', 'admin', 'analytics', 'auth', 'billing', 'chat', 'consent', 'contact', 'decisions', 'documents', 'errors', 'history', 'roundtable'].map((name) => `#contract/${name}.ts`)].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Import strings and constants from the *-text.ts module: this one builds zod schemas (decision 042).',
          })),
        },
      ],
    },
  },
  {
    files: ['src/client/features/*/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: clientFeatures.map((name) => ({
            target: `./src/client/features/${name}`,
            from: './src/client/features',
            except: [`./${name}`],
            message: 'Client features do not import each other; compose them in src/client/app.',
          })),
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.queries.ts', 'src/server/db/**', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#client/*'], message: 'The server may not import client code.' },
            { group: ['**/db/schema.ts', '#server/db/schema.ts'], message: 'Only *.queries.ts files use Drizzle tables.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverFeatures.map((name) => ({
              target: `./src/server/features/${name}`,
              from: './src/server/features',
              except: [`./${name}`, ...(serverFeatureDependencies[name] ?? []).map((other) => `./${other}/index.ts`)],
              message: `Server features use each other only through index.ts, one way (serverFeatureDependencies in eslint.config.js): ${name} may use ${(serverFeatureDependencies[name] ?? []).join(', ') || 'none'}.`,
            })),
            ...['plugins', 'streams', 'runs', 'redis', 'ai', 'mail', 'db'].map((dir) => ({
              target: `./src/server/${dir}`,
              from: './src/server/features',
              message: `src/server/${dir} serves the features and imports none of them; app.ts wires features together.`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'eval/run.ts', 'tests/**/*.ts', 'src/server/server.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
);
