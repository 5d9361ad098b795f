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
  ],
};

/** The packages the apps share never reach back into an app (ARCHITECTURE.md, Packages). */
const trackFormatsNotAnalysis = 'The flight analysis reads track formats, never the reverse.';
const logbookOnTop = 'The logbook reads track formats and the flight analysis, never the reverse.';
const packageBoundaries = {
  zones: [
    {
      target: './packages/contracts',
      from: ['./apps', './packages/track-formats', './packages/flight-analysis', './packages/logbook'],
      message: 'contracts import only zod.',
    },
    {
      target: ['./packages/track-formats', './packages/flight-analysis', './packages/logbook'],
      from: ['./apps', './bench', './e2e'],
      message: 'The packages are pure: the apps import them, never the reverse.',
    },
    { target: './packages/track-formats', from: './packages/flight-analysis', message: trackFormatsNotAnalysis },
    { target: ['./packages/track-formats', './packages/flight-analysis'], from: './packages/logbook', message: logbookOnTop },
  ],
};

/**
 * Bare imports a pure package may not make: an app, the server's framework and databases, and `alsoForbidden`.
 * Outside the files of `nodeAllowed` (its tests), no Node API either, so the web app can import it as the server
 * does.
 */
const withSubpaths = (name) => [name, `${name}/*`];
const purePackageRules = (files, nodeAllowed, alsoForbidden = []) => {
  const forbidden = [
    {
      group: ['@skylog/server', '@skylog/web', '@skylog/bench', '@skylog/e2e'].flatMap(withSubpaths),
      message: 'A package never imports an app.',
    },
    {
      group: ['fastify', 'fastify-*', '@fastify/*', 'drizzle-orm', 'pg', '@electric-sql/*', 'better-auth'].flatMap(withSubpaths),
      message: 'A package stays pure: the server calls it with what it read.',
    },
    ...alsoForbidden,
  ];
  const node = { group: ['node:*'], message: 'A package runs in the browser too: the caller reads files and passes their bytes.' };
  return [
    { files, ignores: nodeAllowed, rules: { 'no-restricted-imports': ['error', { patterns: [...forbidden, node] }] } },
    { files: nodeAllowed, rules: { 'no-restricted-imports': ['error', { patterns: forbidden }] } },
  ];
};

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * ARCHITECTURE.md, Access: the access layer sits below the modules and reads its own rows; a module reads only its
 * own tables, and asks another module's service (or a column list or condition in db/) for anything else.
 */
const serverBoundaries = {
  zones: [
    ...serverModules.map((module) => ({
      target: `./apps/server/src/modules/${module}`,
      from: serverModules.filter((other) => other !== module).map((other) => `./apps/server/src/modules/${other}/*.repository.ts`),
      message: "A module never imports another module's repository: call that module's service, or share the SQL building block from db/.",
    })),
    {
      target: './apps/server/src/access',
      from: './apps/server/src/modules',
      message: 'The access layer imports no module: its reads live in access.repository.ts, shared column lists in db/.',
    },
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
      'skylog/no-restricted-paths': ['error', { zones: [...webBoundaries.zones, ...serverBoundaries.zones, ...packageBoundaries.zones] }],
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
  ...purePackageRules(
    ['packages/track-formats/src/**/*.ts'],
    ['packages/track-formats/src/**/*.test.ts'],
    [{ group: withSubpaths('@skylog/flight-analysis'), message: trackFormatsNotAnalysis }],
  ),
  // The corpus measurement reads bench/corpus from the repository: Node only, and outside the package's main entry.
  ...purePackageRules(
    ['packages/flight-analysis/src/**/*.ts'],
    ['packages/flight-analysis/src/**/*.test.ts', 'packages/flight-analysis/src/corpus-accuracy/**'],
  ),
  // The logbook's rules are pure; its tests and its corpus measurement (outside the main entry) read the real flights of bench/corpus.
  ...purePackageRules(['packages/logbook/src/**/*.ts'], ['packages/logbook/src/**/*.test.ts', 'packages/logbook/src/corpus-accuracy.ts']),
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
