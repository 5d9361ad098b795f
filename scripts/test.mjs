// `npm test`: every suite (unit, server on PGlite and, with TEST_DATABASE_URL, PostgreSQL, web
// components, Playwright end-to-end against the built app), then one closing line `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const problems = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

// 1. Vitest: every project of vitest.config.ts (contracts, track-formats, flight-analysis, logbook, server on PGlite and,
//    when TEST_DATABASE_URL is set, PostgreSQL, web).
if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: the server suite runs on PGlite only.');
const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run('unit and integration tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) problems.push(`Vitest exited with ${vitestStatus}`);
} else {
  problems.push('Vitest produced no report');
}

// 2. Playwright against the built app.
const buildStatus = run('build the web app', 'npm', ['run', 'build']);
if (buildStatus !== 0) {
  problems.push('the web build failed, so the end-to-end tests could not run');
} else {
  const e2eReport = path.join(reports, 'playwright.json');
  const e2eStatus = run('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    E2E_JSON_REPORT: e2eReport,
  });
  const e2e = readJson(e2eReport);
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    if (e2eStatus !== 0 && e2e.stats.unexpected === 0) problems.push(`Playwright exited with ${e2eStatus}`);
  } else {
    problems.push('Playwright produced no report');
  }
}

for (const problem of problems) console.error(`ERROR: ${problem}`);
if (problems.length > 0) failed += problems.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
