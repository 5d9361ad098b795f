import { defineConfig } from 'vitest/config';
import { operationRoutes } from './apps/web/build/operation-routes.ts';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. The server files spend much of
    // their time waiting on PostgreSQL, so one per core keeps both busy (docs/benchmarks.md, test duration).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'track-formats', include: ['packages/track-formats/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'flight-analysis', include: ['packages/flight-analysis/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'logbook', include: ['packages/logbook/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server-unit', include: ['apps/server/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Every file builds its own app on its own database, so files share nothing but loaded modules; loading
          // Fastify, better-auth, drizzle and the app once per worker instead of once per file halves the suite
          // (24 files: 91 s isolated, 49 s shared; docs/benchmarks.md, test suite duration).
          isolate: false,
          env: { SKYLOG_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same server suite against PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/test/**/*.test.ts'],
                environment: 'node' as const,
                isolate: false,
                env: { SKYLOG_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        plugins: [operationRoutes()],
        // The web app's tests run in a simulated browser: packages with a browser build get that build, as Vite's
        // bundle does (tus-js-client's Node build would send the audio with node:http instead of XMLHttpRequest).
        resolve: { mainFields: ['browser', 'module', 'main'] },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
