import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, type School } from './factories.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';

describe('compressed answers', () => {
  let t: TestApp;
  let school: School;
  const s = sessions(() => t);
  const webDist = mkdtempSync(path.join(tmpdir(), 'skylog-web-dist-'));
  const script = `console.log(${JSON.stringify('a flight school '.repeat(400))});`;
  const scriptBrotli = brotliCompressSync(script);

  beforeAll(async () => {
    // A built web app as apps/web/build/precompress.ts leaves it: each text file with its .br and .gz.
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Skylog</title>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.br'), scriptBrotli);
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: webDist } });
    school = await createSchool(t, s, 'Compressed Air Flying Club');
    for (let i = 0; i < 12; i++) await s.call(school.owner, 'POST', '/api/aircraft', { tail_number: `N${100 + i}CA`, call_sign: `Club ${i}`, type: 'C172' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const aircraftList = async (acceptEncoding: string) =>
    t.request({ method: 'GET', url: '/api/aircraft?page_size=50', cookie: await s.as(school.owner), headers: { 'accept-encoding': acceptEncoding } });

  it('sends a list over 1 KB in brotli or gzip as the client prefers, the same JSON once decoded', async () => {
    const plain = await aircraftList('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await aircraftList('gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await aircraftList('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const me = await t.request({ method: 'GET', url: '/api/me', cookie: await s.as(school.owner), headers: { 'accept-encoding': 'br' } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['content-encoding']).toBeUndefined();
  });

  it("serves the web app's files compressed at build time, and the original to a client that accepts neither", async () => {
    const asset = (acceptEncoding: string) => t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': acceptEncoding } });
    const br = await asset('gzip, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    // The copy itself, sent as a file with its length: nothing is compressed per request.
    expect(Number(br.headers['content-length'])).toBe(scriptBrotli.length);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never inflates a compressed request body: it is refused and nothing is made', async () => {
    const cookie = await s.as(school.owner);
    const before = (await t.request({ method: 'GET', url: '/api/aircraft', cookie })).json().total as number;
    const body = gzipSync(JSON.stringify({ tail_number: 'N999ZZ', call_sign: 'Zip', type: 'C152' }));
    const sent = await t.request({ method: 'POST', url: '/api/aircraft', cookie, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: body });
    expect(sent.statusCode).toBe(415);
    expect(sent.json()).toMatchObject({ code: 'unsupported_media_type', message: messages.compressedBodyRefused });
    expect((await t.request({ method: 'GET', url: '/api/aircraft', cookie })).json().total).toBe(before);
  });
});
