import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiTokenCreatedSchema, apiTokenSchema, tripDetailSchema } from '@skylog/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { sessions } from './people-helper.ts';
import { makeTone, straightTrack, uploadsApi } from './trips-helper.ts';

const tokenInvalid = { status: 401, code: 'unauthenticated', message: 'This access token is invalid or has been revoked.' };
const tokenNotAllowed = { status: 403, code: 'forbidden', message: 'Access tokens can only send and read flights. Sign in to do this.' };

/** Personal access tokens: the recorder app sends and reads flights with `Authorization: Bearer skl_…`. */
describe('access tokens', () => {
  let t: TestApp;
  const s = sessions(() => t);
  const uploads = uploadsApi(() => t);
  let workDir: string;
  let day = 0;
  const points = () => straightTrack({ start: Date.parse('2026-08-01T15:00:00Z') + (day += 1) * 86_400_000, count: 20 });

  const withToken = (token: string, options: InjectOptions) =>
    t.request({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const createToken = async (email: string, name: string) => {
    const response = await s.call(email, 'POST', '/api/access-tokens', { name });
    expect(response.statusCode, response.body).toBe(201);
    return apiTokenCreatedSchema.parse(response.json());
  };
  const listTokens = async (email: string) => {
    const response = await s.call(email, 'GET', '/api/access-tokens');
    expect(response.statusCode).toBe(200);
    return response.json().items as unknown[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    workDir = await mkdtemp(path.join(tmpdir(), 'skylog-trips-tokens-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('shows a new token once; the list has its prefix and name, never the token', async () => {
    const created = await createToken('leo.nakamura@skyline.test', 'iPad recorder');
    expect(created.token).toMatch(/^skl_[\w-]{40,}$/);
    expect(created).toMatchObject({ name: 'iPad recorder', prefix: created.token.slice(0, 10), last_used_at: null });

    const items = await listTokens('leo.nakamura@skyline.test');
    expect(items).toHaveLength(1);
    expect(apiTokenSchema.strict().parse(items[0])).toEqual({
      id: created.id,
      name: 'iPad recorder',
      prefix: created.token.slice(0, 10),
      created_at: created.created_at,
      last_used_at: null,
    });
    expect(JSON.stringify(items)).not.toContain(created.token);
    // Each person lists only their own tokens.
    expect(await listTokens('priya.shah@skyline.test')).toEqual([]);

    const unnamed = await s.call('leo.nakamura@skyline.test', 'POST', '/api/access-tokens', { name: '  ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields).toEqual({ name: 'Name is required' });
  });

  it('a token sends a flight, lists it and uploads its audio, as its person', async () => {
    const { token, id } = await createToken('leo.nakamura@skyline.test', 'Phone');
    const created = await withToken(token, {
      method: 'POST',
      url: '/api/trips',
      payload: { trip_name: 'Sent by the app', points: points() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const trip = tripDetailSchema.parse(created.json());
    expect(trip.owner?.skylog_id).toBe(await skylogIdOf(t, 'leo.nakamura@skyline.test'));
    expect(trip.left_seat?.email).toBe('leo.nakamura@skyline.test');

    // The recorder shows who is signed in and offers the fleet to choose from.
    const me = await withToken(token, { method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('leo.nakamura@skyline.test');
    const fleet = await withToken(token, { method: 'GET', url: '/api/aircraft' });
    expect(fleet.statusCode).toBe(200);
    expect(fleet.json().total).toBe(4);

    const list = await withToken(token, { method: 'GET', url: '/api/trips' });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { trip_id: string }) => item.trip_id)).toContain(trip.trip_id);
    const read = await withToken(token, { method: 'GET', url: `/api/trips/${trip.trip_id}` });
    expect(read.statusCode).toBe(200);
    // The token reaches only its person's scope.
    const others = await s.call('priya.shah@skyline.test', 'POST', '/api/trips', { trip_name: 'Priya', points: points() });
    expect((await withToken(token, { method: 'GET', url: `/api/trips/${others.json().trip_id}` })).statusCode).toBe(404);

    const tone = await makeTone(t.ctx.audioTools.ffmpegPath!, workDir, 'tone.opus', 3, ['-c:a', 'libopus']);
    const { state } = await uploads.upload({ token }, trip.trip_id, tone, 'cockpit.opus');
    expect(state).toMatchObject({ status: 'done', offset: tone.length });
    const withAudio = await withToken(token, { method: 'GET', url: `/api/trips/${trip.trip_id}` });
    expect(withAudio.json().audio.status).toBe('ready');

    const [listed] = (await listTokens('leo.nakamura@skyline.test')).filter((item) => (item as { id: string }).id === id) as {
      last_used_at: string | null;
    }[];
    expect(listed!.last_used_at).not.toBeNull();
  });

  it('a token may not do anything else: 403 with the reason, and nothing changes', async () => {
    const { token } = await createToken('orgadmin@skyline.test', 'Admin laptop');
    const refused: InjectOptions[] = [
      { method: 'GET', url: '/api/users' },
      { method: 'PUT', url: '/api/marker-categories', payload: { categories: [] } },
      { method: 'GET', url: '/api/access-tokens' },
      { method: 'POST', url: '/api/access-tokens', payload: { name: 'Another' } },
      { method: 'GET', url: '/api/audit-log' },
    ];
    for (const options of refused) {
      const response = await withToken(token, options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(403);
      expect(response.json(), `${options.method} ${options.url}`).toEqual(tokenNotAllowed);
    }
    const trip = await withToken(token, { method: 'POST', url: '/api/trips', payload: { trip_name: 'Admin flight', points: points() } });
    expect(trip.statusCode).toBe(201);
    const tripId = trip.json().trip_id;
    const edits: InjectOptions[] = [
      { method: 'PATCH', url: `/api/trips/${tripId}`, payload: { trip_well: 'From a token' } },
      { method: 'PUT', url: `/api/trips/${tripId}/shared-with`, payload: { shared_with: [] } },
      { method: 'DELETE', url: `/api/trips/${tripId}` },
    ];
    for (const options of edits) {
      const response = await withToken(token, options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(403);
      expect(response.json()).toEqual(tokenNotAllowed);
    }
    const after = await s.call('orgadmin@skyline.test', 'GET', `/api/trips/${tripId}`);
    expect(after.json()).toMatchObject({ trip_well: null });
  });

  it('a revoked token and a made-up one answer 401', async () => {
    const { token, id } = await createToken('leo.nakamura@skyline.test', 'Old phone');
    expect((await withToken(token, { method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
    const revoked = await s.call('leo.nakamura@skyline.test', 'DELETE', `/api/access-tokens/${id}`);
    expect(revoked.statusCode).toBe(204);
    for (const options of [
      { method: 'GET', url: '/api/trips' },
      { method: 'POST', url: '/api/trips', payload: { trip_name: 'x', points: points() } },
    ] as InjectOptions[]) {
      const response = await withToken(token, options);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(tokenInvalid);
    }
    expect((await listTokens('leo.nakamura@skyline.test')).map((item) => (item as { id: string }).id)).not.toContain(id);
    const again = await s.call('leo.nakamura@skyline.test', 'DELETE', `/api/access-tokens/${id}`);
    expect(again.statusCode).toBe(404);

    const madeUp = await withToken(`skl_${'A'.repeat(43)}`, { method: 'GET', url: '/api/trips' });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json()).toEqual(tokenInvalid);
    // An unknown token is refused even on an operation tokens may not use.
    expect((await withToken(`skl_${'B'.repeat(43)}`, { method: 'GET', url: '/api/users' })).json()).toEqual(tokenInvalid);
  });

  it('nobody revokes another person’s token (404), and it keeps working', async () => {
    const { token, id } = await createToken('leo.nakamura@skyline.test', 'Tablet');
    for (const email of ['priya.shah@skyline.test', 'orgadmin@skyline.test', 'admin@harbor.test']) {
      const response = await s.call(email, 'DELETE', `/api/access-tokens/${id}`);
      expect(response.statusCode, email).toBe(404);
      expect(response.json(), email).toEqual({ status: 404, code: 'not_found', message: 'Access token not found' });
    }
    expect((await withToken(token, { method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
  });

  it('the token of a deactivated person answers 401, and works again after reactivation', async () => {
    const email = 'tokens.deactivated@skyline.test';
    const personId = await s.addPerson('orgadmin@skyline.test', { email, name: 'Token Holder', user_type: 'student' });
    const { token } = await createToken(email, 'Recorder');
    expect((await withToken(token, { method: 'GET', url: '/api/trips' })).statusCode).toBe(200);

    const deactivated = await s.call('orgadmin@skyline.test', 'POST', `/api/users/${personId}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const refused = await withToken(token, {
      method: 'POST',
      url: '/api/trips',
      payload: { trip_name: 'After leaving', points: points() },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(tokenInvalid);

    expect((await s.call('orgadmin@skyline.test', 'POST', `/api/users/${personId}/reactivate`)).statusCode).toBe(200);
    expect((await withToken(token, { method: 'GET', url: '/api/trips' })).statusCode).toBe(200);
  });
});
