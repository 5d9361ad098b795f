// The JavaScript each page must load before it works, gzip-compressed, against its budget (docs/benchmarks.md, JavaScript budget): a page
// that grows past it fails `npm run check`. Reads the web build's manifest (apps/web/dist/.vite); build first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Every JavaScript file the given chunks import statically (what the browser fetches before running them). */
function scriptsOf(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

const kib = (bytes) => bytes / 1024;
const gzipKib = (files) => kib(files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length, 0));

const pages = [
  { name: 'entry (every page: the app, router, API client)', keys: ['src/early-requests.ts', 'index.html'], budgetKib: 150 },
  { name: 'sign-in screen', keys: ['src/early-requests.ts', 'index.html', 'src/app/routes/login.tsx'], budgetKib: 200 },
  // The phone recorder is opened in the field, often on a slow connection: it needs no shell, map or charts.
  { name: 'phone recorder', keys: ['src/early-requests.ts', 'index.html', 'src/app/routes/record.tsx'], budgetKib: 200 },
  {
    name: 'flight screen (shell, map, charts, player, transcript)',
    keys: ['src/early-requests.ts', 'index.html', 'src/app/shell/dashboard-layout.tsx', 'src/app/routes/dashboard/flight-details.tsx'],
    budgetKib: 300,
  },
];

let isOver = false;
for (const page of pages) {
  const missing = page.keys.filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`the build's manifest has no ${missing.join(', ')}: update scripts/check-bundle-budget.mjs`);
  const size = gzipKib(scriptsOf(page.keys));
  const isPageOver = size > page.budgetKib;
  isOver ||= isPageOver;
  console.log(`${isPageOver ? 'OVER' : 'ok  '} ${page.name}: ${size.toFixed(1)} KiB gzip (budget ${page.budgetKib} KiB)`);
}
if (isOver) {
  console.error('A page is over its JavaScript budget: split what it does not need at first (a lazy import) or raise the budget with a reason.');
  process.exit(1);
}
