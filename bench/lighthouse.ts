// `npm run bench -- lighthouse`: Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated)
// against the production build served by the real server, in Debian's Chromium: the sign-in page, the
// flights list and a demo flight, performance and accessibility, median of LIGHTHOUSE_RUNS (default 3).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumExecutablePath } from '../e2e/chromium.ts';
import { findPatternWork, startServer } from './bench-server.ts';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type PageResult = { page: string; performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchLighthouse(): Promise<string> {
  const server = await startServer({ withDemoTrips: true });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumExecutablePath, chromeFlags: chromiumArgs });
  try {
    const cookie = await server.cookieOf('orgadmin@skyline.test');
    const flight = await findPatternWork(server, cookie);
    const pages = [
      { page: '/login', url: '/login', signedIn: false },
      { page: '/dashboard/flights', url: '/dashboard/flights', signedIn: true },
      { page: `a flight (${flight.trip_name}, with audio)`, url: `/dashboard/flights/${flight.trip_id}`, signedIn: true },
    ];
    const results: PageResult[] = [];
    // The accessibility audits a page failed in any run, named so the table's shortfall can be acted on.
    const failedAudits: string[] = [];
    let version = '';
    for (const { page, url, signedIn } of pages) {
      const samples: PageResult[] = [];
      for (let run = 0; run < runs; run++) {
        const answer = await lighthouse(`${server.address}${url}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          // The session cookie on every request of the page, as a signed-in browser sends it.
          ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
        const { categories, audits, lighthouseVersion } = answer.lhr;
        version = lighthouseVersion;
        for (const { id } of categories.accessibility?.auditRefs ?? []) {
          const audit = audits[id];
          if (typeof audit?.score !== 'number' || audit.score === 1) continue;
          // The first element the audit names, if it names any.
          const items = (audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)?.items ?? [];
          const example = items.find((item) => item.node?.snippet)?.node;
          const line = `${page}: ${id} (${audit.title})${example ? `, e.g. ${example.snippet}: ${example.explanation ?? ''}` : ''}`;
          if (!failedAudits.includes(line)) failedAudits.push(line);
        }
        samples.push({
          page,
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          fcp: audits['first-contentful-paint']?.numericValue ?? 0,
          lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: audits['total-blocking-time']?.numericValue ?? 0,
          cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
          bytes: audits['total-byte-weight']?.numericValue ?? 0,
        });
      }
      const pick = (key: keyof Omit<PageResult, 'page'>) => median(samples.map((sample) => sample[key]));
      results.push({
        page,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        bytes: pick('bytes'),
      });
    }
    return [
      `Lighthouse ${version}, mobile preset, ${await browserVersion(chrome.port)}, median of ${runs} runs per page:`,
      '',
      '| page | performance | accessibility | FCP | LCP | TBT | CLS | transferred |',
      '|---|---|---|---|---|---|---|---|',
      ...results.map(
        (result) =>
          `| ${result.page} | ${result.performance} | ${result.accessibility} | ${(result.fcp / 1000).toFixed(1)} s | ${(result.lcp / 1000).toFixed(1)} s | ` +
          `${Math.round(result.tbt)} ms | ${result.cls.toFixed(3)} | ${Math.round(result.bytes / 1024)} KiB |`,
      ),
      '',
      failedAudits.length > 0 ? `Accessibility audits failed:\n${failedAudits.map((line) => `- ${line}`).join('\n')}` : 'No accessibility audit failed.',
    ].join('\n');
  } finally {
    await chrome.kill();
    await server.close();
  }
}

async function browserVersion(port: number): Promise<string> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  return version.Browser.replace(/^(Headless)?Chrome/, 'Chromium ').replace('/', '');
}
