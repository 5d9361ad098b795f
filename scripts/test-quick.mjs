// `npm run test:quick [-- <git ref>]`: the tests of what is being changed, for the loop while working. Vitest
// runs only the test files that import (directly or through other files) a file changed since the ref — by
// default the uncommitted changes on main, or everything since the branch left main on a branch — on PGlite and
// in the browser-free projects. PostgreSQL and Playwright wait for `npm test`, which runs everything.
// docs/benchmarks.md ("Test suite duration") has what it costs.
import { spawnSync } from 'node:child_process';

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();
const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
const base = process.argv[2] ?? (branch === 'main' ? 'HEAD' : git('merge-base', 'HEAD', 'main') || 'HEAD');
const projects = ['contracts', 'flight-analysis', 'track-formats', 'server-unit', 'server-pglite', 'web'];

console.log(`Tests of the files changed since ${base === 'HEAD' ? 'the last commit' : base}`);
const result = spawnSync('npx', ['vitest', 'run', '--changed', base, '--passWithNoTests', ...projects.flatMap((name) => ['--project', name])], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
