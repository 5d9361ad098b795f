// `npm run test:quick [-- <git ref>]`: the tests of what is being changed, for the loop while working, in well
// under two minutes on two cores. Changed files are those differing from the ref — by default the last commit on
// main, or where the branch left main — plus files not yet added.
// - Tests without a database or browser (contracts, the packages, the server's pure code, web components): Vitest
//   runs those that import a changed file, directly or not.
// - The server's HTTP suite: every file there starts the whole app, so "imports a changed file" would be all of
//   them; instead the files named after a changed server module run (modules/aircraft → aircraft*.test.ts), and
//   changed test files themselves, on PGlite.
// PostgreSQL, the other server files and Playwright wait for `npm test`, which runs everything.
// docs/benchmarks.md ("Test suite duration") has what it costs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();
const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
const base = process.argv[2] ?? (branch === 'main' ? 'HEAD' : git('merge-base', 'HEAD', 'main') || 'HEAD');
const changed = [...git('diff', '--name-only', base).split('\n'), ...git('ls-files', '--others', '--exclude-standard').split('\n')].filter(
  (file) => file && existsSync(file),
);

const serverTests = readdirSync('apps/server/test').filter((file) => file.endsWith('.test.ts'));
const changedModules = new Set(changed.map((file) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1]).filter(Boolean));
const httpTests = new Set(changed.filter((file) => file.startsWith('apps/server/test/') && file.endsWith('.test.ts')));
for (const module of changedModules) {
  for (const file of serverTests) if (file.startsWith(module)) httpTests.add(`apps/server/test/${file}`);
}

console.log(`${changed.length} files changed since ${base === 'HEAD' ? 'the last commit' : base}`);
const run = (args) => spawnSync('npx', ['vitest', 'run', '--passWithNoTests', ...args], { stdio: 'inherit' }).status ?? 1;
const unitStatus = run(['--changed', base, ...['contracts', 'flight-analysis', 'track-formats', 'logbook', 'server-unit', 'web'].flatMap((name) => ['--project', name])]);
let httpStatus = 0;
if (httpTests.size > 0) {
  console.log(`\nServer HTTP tests of the changed modules (PGlite): ${[...httpTests].join(', ')}`);
  httpStatus = run(['--project', 'server-pglite', ...httpTests]);
}
const isShared = changed.some((file) => /^(packages\/contracts|apps\/server\/src\/(lib|plugins|db|access|jobs|integrations))\//.test(file));
if (isShared) console.log('\nShared server code or the contracts changed: the whole HTTP suite may be affected; run `npm test` before you push.');
process.exit(unitStatus || httpStatus);
