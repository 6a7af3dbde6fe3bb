import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const clientFeatures = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Lint rules that guard the architecture (DESIGN.md): contract is isomorphic, client and server
 * never import each other, client features do not import each other, and only *.queries.ts
 * files touch the Drizzle schema.
 */
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tmp/**', 'data/**', 'src/server/db/migrations/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': 'off',
    },
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
    files: ['scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'tests/**/*.ts', 'src/server/server.ts', '*.config.ts'],
    rules: { 'no-console': 'off' },
  },
);
