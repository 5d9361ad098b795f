import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** A Permissions-Policy header as feature → allow list. */
function featuresOf(header: string | undefined): Map<string, string> {
  return new Map((header ?? '').split(',').map((part) => part.trim().split('=') as [string, string]));
}

describe('every page and answer carries a content security policy and a permissions policy', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'skylog-web-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Skylog</title><script type="module" src="/assets/index.js"></script>');
    t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const pages = [
    { name: 'the web app', url: '/' },
    { name: 'a deep route of the web app', url: '/dashboard/flights/5f0c2a1e-3b1d-4c9a-9e1f-2d3c4b5a6f70?tab=transcript' },
    { name: 'an API answer', url: '/api/health' },
    { name: 'the API docs', url: '/api/docs' },
    { name: 'a script of the API docs', url: '/api/docs/static/swagger-ui-bundle.js' },
    { name: 'an unknown API path', url: '/api/nothing-here' },
  ];

  it.each(pages)('$name ($url): scripts only from Skylog itself, no plugins, never framed', async ({ url }) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
    const csp = directivesOf(response.headers['content-security-policy'] as string | undefined);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
  });

  it.each(pages)('$name ($url): camera and payment are denied; microphone and location only to Skylog\'s own pages', async ({ url }) => {
    const response = await t.request({ method: 'GET', url });
    const features = featuresOf(response.headers['permissions-policy'] as string | undefined);
    for (const feature of ['camera', 'payment', 'usb', 'display-capture']) {
      expect(features.get(feature), feature).toBe('()');
    }
    // The phone recorder (docs/product.md "Recording on a phone") records the track and the cockpit audio; no frame may.
    for (const feature of ['microphone', 'geolocation']) expect(features.get(feature), feature).toBe('(self)');
    // The review screen plays audio: nothing it needs is denied.
    expect(features.has('autoplay')).toBe(false);
  });

  it('the API docs page needs no inline script, so the strict policy leaves it working', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="[^"]+"/);
      expect(body!.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    const initializer = await t.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-type']).toContain('javascript');
  });
});
