import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { operationRoutes } from './build/operation-routes.ts';
import { precompress } from './build/precompress.ts';

const earlyRequestsFile = 'early-requests.js';

/**
 * src/early-requests.ts as a script of its own, first in the page: a plain script with no imports, so
 * it runs as soon as it arrives instead of after the app's modules have loaded and evaluated. Only
 * in the build: in development the app asks for its data itself.
 */
function earlyRequests(): Plugin {
  return {
    name: 'skylog-early-requests',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: 'index.html', 'early-requests': 'src/early-requests.ts' },
          output: {
            entryFileNames: (chunk) => (chunk.name === 'early-requests' ? earlyRequestsFile : 'assets/[name]-[hash].js'),
            // A plain script shares the page's global scope: its names stay inside a function.
            banner: (chunk) => (chunk.name === 'early-requests' ? '(() => {' : ''),
            footer: (chunk) => (chunk.name === 'early-requests' ? '})();' : ''),
          },
        },
      },
    }),
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: `/${earlyRequestsFile}` }, injectTo: 'head-prepend' }],
  };
}

/**
 * Installable, and the app's own files kept by a service worker so the phone recorder opens with no network after a
 * first visit (docs/product.md "Recording on a phone"). Only the built files are kept: the API is never cached by the
 * worker (no runtime caching, and no page fallback under /api), so the server alone decides who reads what, and
 * answers are always fresh. A new build is fetched at the next visit and used from the one after.
 */
const installable = () =>
  VitePWA({
    registerType: 'autoUpdate',
    // Registered by the recorder's screen, not by every page: installing the worker fetches every built file once
    // (about 200), which a person who never records should not pay for on their first visit.
    injectRegister: false,
    includeAssets: ['logo.svg', 'apple-touch-icon.png'],
    manifest: {
      name: 'Skylog',
      short_name: 'Skylog',
      description: 'Record, review and debrief training flights',
      start_url: '/record',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#f8fafc',
      theme_color: '#0f4c81',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [{ name: 'Flights', url: '/dashboard/flights' }],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      // Source maps are for developers; the largest chunk (the flight screen's map and charts) stays under this.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // The page that installed the worker is kept by it at once, so a phone that loses the network right after
      // the first visit still reopens the recorder.
      clientsClaim: true,
      skipWaiting: true,
    },
  });

export default defineConfig({
  plugins: [react(), tailwindcss(), operationRoutes(), earlyRequests(), installable(), precompress()],
  server: {
    // `npm run dev` in apps/web talks to a server started with `npm run dev` at the root.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // The manifest names each chunk's imports: scripts/check-bundle-budget.mjs sums what a page loads.
  build: { sourcemap: true, manifest: true },
});
