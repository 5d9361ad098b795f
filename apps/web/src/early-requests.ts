import { earlyRequestUrls } from './lib/early-request-urls.ts';

/**
 * Built on its own and loaded as a plain script at the top of the page (vite.config.ts), before the
 * app's JavaScript downloads and evaluates: it asks for the page's first data at once, and leaves
 * each answer for the API client to take once (lib/api-client.ts). On a three-hour flight this moves
 * the trip and its track from after the app has started to while it starts (docs/benchmarks.md).
 */
window.skylogEarlyRequests = Object.fromEntries(
  earlyRequestUrls(location.pathname).map((url) => [
    url,
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }),
  ]),
);
