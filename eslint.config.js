import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noRestrictedPaths } from './scripts/eslint/no-restricted-paths.js';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One-way imports of architecture.md: features never import features; shared code never imports features or app. */
const webBoundaries = {
  zones: [
    ...webFeatures.map((feature) => ({
      target: `./apps/web/src/features/${feature}`,
      from: './apps/web/src/features',
      except: [`./${feature}`],
      message: 'Web features never import each other: compose them in app/routes.',
    })),
    { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app layer.' },
    {
      target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
      from: ['./apps/web/src/features', './apps/web/src/app'],
      message: 'Shared code does not import features or the app layer.',
    },
    { target: './apps/web/src', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
    { target: './packages/contracts', from: ['./apps'], message: 'contracts import only zod.' },
  ],
};

const serverBoundaries = {
  zones: [
    {
      target: './apps/server/src/modules/*/*.repository.ts',
      from: ['./apps/server/src/plugins', './apps/server/src/app.ts'],
      message: 'Repositories hold SQL only.',
    },
    { target: './apps/server/src', from: './apps/web', message: 'The server does not import the web app.' },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '.tmp/**', 'e2e/test-results/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**', 'bench/**', 'e2e/**', '*.js', '*.ts'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { skylog: { rules: { 'no-restricted-paths': noRestrictedPaths } }, 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use a string-literal union, not an enum.' }],
      'skylog/no-restricted-paths': ['error', { zones: [...webBoundaries.zones, ...serverBoundaries.zones] }],
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // One access module decides who may do what (issue 9): the role helpers that rank people stay in it.
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/access/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@skylog/contracts',
              importNames: ['isOrgWideRole', 'getGrantableRoles', 'canManageRole', 'roleGroups'],
              message: 'Access is decided in apps/server/src/access only: call its rules or require… loaders.',
            },
          ],
        },
      ],
    },
  },
  {
    // PostgreSQL cannot store every JavaScript string: contracts' `text()` refuses what it cannot.
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['packages/contracts/src/schemas/text.ts', 'packages/contracts/src/schemas/errors.ts', 'packages/contracts/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string-literal union, not an enum.' },
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use text() from ./text.ts: it refuses characters the database cannot store.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config/env.ts only.' }],
    },
  },
);
