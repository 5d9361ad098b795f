import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

/**
 * The installable web app (docs/product.md "Recording on a phone"): the service worker and the manifest are served as
 * what they are, and the worker is revalidated on every visit, so a new build reaches phones at their next visit
 * instead of a year later.
 */
describe('the web app’s service worker and manifest', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'skylog-web-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Skylog</title><link rel="manifest" href="/manifest.webmanifest">');
    writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Skylog', start_url: '/record', display: 'standalone' }));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'record-abc123.js'), 'export {};');
    t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the service worker as a script that is never kept stale', async () => {
    const response = await t.request({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest as a web app manifest, revalidated', async () => {
    const response = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.body)).toMatchObject({ start_url: '/record' });
  });

  it('keeps hashed assets for a year and serves the recorder’s path as the app', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/record-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.request({ method: 'GET', url: '/record' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('manifest.webmanifest');
  });

  it('answers the API itself, never from a cache', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
