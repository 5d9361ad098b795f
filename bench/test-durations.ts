import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where `npm test`'s time went, from the reports it writes (`.tmp/test-reports`): per suite and per test file
 * (Vitest: a file's time from its first test's start to its end, and how much of it its tests took: the rest is
 * hooks such as starting the app; importing the file comes before and is Vitest's own "import" share in its
 * summary line), and the slowest Playwright files. Run `npm test` (or `bash .ci/run`) first.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'test-reports');

type VitestFile = { name: string; startTime: number; endTime: number; assertionResults: { duration?: number | null }[] };
type VitestReport = { testResults: VitestFile[] };
type PlaywrightSuite = { file?: string; specs?: { tests: { results: { duration: number }[] }[] }[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites: PlaywrightSuite[]; stats: { duration: number } };

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Which suite a test file belongs to, by where it lives (the server's files run once per database). */
function suiteOf(file: string): string {
  if (file.startsWith('apps/server/test/')) return 'server HTTP suite (PGlite and PostgreSQL)';
  if (file.startsWith('apps/server/src/')) return 'server-unit';
  if (file.startsWith('apps/web/')) return 'web';
  return file.split('/').slice(0, 2).join('/');
}

function vitestTables(report: VitestReport): string {
  const files = report.testResults.map((result) => {
    // Reports hold absolute paths, perhaps of another checkout (a CI clone): named from the repository's top.
    const file = result.name.slice(result.name.search(/\/(apps|packages|bench|e2e)\//) + 1);
    const wall = result.endTime - result.startTime;
    const tests = result.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0);
    return { file, wall, tests, count: result.assertionResults.length };
  });
  const suites = new Map<string, { files: number; wall: number; tests: number; count: number }>();
  for (const file of files) {
    const suite = suites.get(suiteOf(file.file)) ?? { files: 0, wall: 0, tests: 0, count: 0 };
    suites.set(suiteOf(file.file), { files: suite.files + 1, wall: suite.wall + file.wall, tests: suite.tests + file.tests, count: suite.count + file.count });
  }
  const suiteRows = [...suites].sort((a, b) => b[1].wall - a[1].wall).map(([name, s]) => `| ${name} | ${s.files} | ${s.count} | ${seconds(s.wall)} | ${seconds(s.tests)} | ${seconds(s.wall - s.tests)} |`);
  const slowest = files.sort((a, b) => b.wall - a.wall).slice(0, 15);
  const fileRows = slowest.map((f) => `| ${f.file} | ${f.count} | ${seconds(f.wall)} | ${seconds(f.tests)} | ${seconds(f.wall - f.tests)} |`);
  return [
    'Vitest, summed over files (two workers run at once, so the sums may exceed the wall time):',
    '',
    '| suite | files | tests | file time (s) | in tests (s) | in hooks (s) |',
    '|---|---|---|---|---|---|',
    ...suiteRows,
    '',
    'The slowest Vitest files (a server file appears once per database):',
    '',
    '| file | tests | file time (s) | in tests (s) | in hooks (s) |',
    '|---|---|---|---|---|',
    ...fileRows,
  ].join('\n');
}

function playwrightTable(report: PlaywrightReport): string {
  const perFile = new Map<string, { specs: number; ms: number }>();
  const visit = (suite: PlaywrightSuite, file: string | undefined) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      const entry = perFile.get(name ?? '?') ?? { specs: 0, ms: 0 };
      perFile.set(name ?? '?', { specs: entry.specs + 1, ms: entry.ms + ms });
    }
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const suite of report.suites) visit(suite, undefined);
  const total = [...perFile.values()].reduce((sum, entry) => sum + entry.ms, 0);
  const rows = [...perFile]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 10)
    .map(([file, entry]) => `| ${file} | ${entry.specs} | ${seconds(entry.ms)} |`);
  return [
    `Playwright: ${perFile.size} files, ${seconds(total)} s of specs in ${seconds(report.stats.duration)} s of wall time. The slowest files:`,
    '',
    '| file | specs | time (s) |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

export async function benchTestDurations(): Promise<string> {
  const vitestFile = path.join(reports, 'vitest.json');
  const playwrightFile = path.join(reports, 'playwright.json');
  if (!existsSync(vitestFile)) throw new Error(`${path.relative(root, vitestFile)} is missing: run npm test first`);
  const parts = [vitestTables(JSON.parse(readFileSync(vitestFile, 'utf8')) as VitestReport)];
  if (existsSync(playwrightFile)) parts.push(playwrightTable(JSON.parse(readFileSync(playwrightFile, 'utf8')) as PlaywrightReport));
  return parts.join('\n\n');
}
