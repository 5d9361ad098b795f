import { operationList } from '@skylog/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditService } from '../src/modules/audit/audit.service.ts';
import { authorizationPlugin } from '../src/plugins/authorization.ts';
import { createTestApp, type TestApp } from './helper.ts';

/** `/api/trips/:id` as the API document writes it: `/api/trips/{id}`. */
const documentPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the operation table is what the server serves and documents', () => {
  let t: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => t.close());

  it('publishes an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every operation the table declares, under its method and path, with its summary', () => {
    const published = operationList.filter(({ operation }) => !operation.hidden);
    expect(published.length).toBeGreaterThan(0);
    for (const { operation } of published) {
      const entry = document.paths[documentPath(operation.path)]?.[operation.method.toLowerCase()];
      expect(entry, `${operation.method} ${operation.path}`).toBeDefined();
      expect(entry?.summary).toBe(operation.summary);
    }
  });

  it('serves every operation of the table under the operation name it declares', () => {
    const routes = new Map(t.app.apiRoutes.map((route) => [`${route.method} ${route.url}`, route.operation]));
    for (const { operation } of operationList) expect(routes.get(`${operation.method} ${operation.path}`), operation.path).toBe(operation.name);
  });
});

describe('start-up refuses what the table does not hold together', () => {
  // Nothing is refused at run time here, so no denial is ever recorded.
  const audit = {} as AuditService;

  it('stops on a route written outside the table, naming its method and path', async () => {
    const app = Fastify();
    await app.register(authorizationPlugin, { audit });
    const start = async () => {
      app.get('/api/not-declared', { config: { operation: 'trips.read' } }, async () => ({}));
      await app.ready();
    };
    await expect(start()).rejects.toThrow('Route GET /api/not-declared (trips.read) is not in the operation table');
    await app.close();
  });

  it('stops when an operation of the table is served by no route, naming it', async () => {
    const app = Fastify();
    await app.register(authorizationPlugin, { audit });
    await expect(app.ready()).rejects.toThrow('aircraft.read (GET /api/aircraft/:id)');
    await app.close();
  });
});
