import { operationList } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
