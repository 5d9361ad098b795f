import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), operationRoutes(), earlyRequests(), precompress()],
  server: {
    // `npm run dev` in apps/web talks to a server started with `npm run dev` at the root.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // The manifest names each chunk's imports: scripts/check-bundle-budget.mjs sums what a page loads.
  build: { sourcemap: true, manifest: true },
});
