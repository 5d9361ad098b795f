import { alertListSchema, auditListSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, skylogIdOf, type TestApp } from './helper.ts';
import { missingId, permissionDenied, sessions } from './people-helper.ts';

type Alert = ReturnType<typeof alertListSchema.parse>['items'][number];

describe('POST /api/alerts/{id}/acknowledge', () => {
  let t: TestApp;
  const s = sessions(() => t);
  /** Suspicious-activity alerts raised in beforeAll, one per person. */
  const alertIds = new Map<string, string>();

  async function alerts(viewer: string): Promise<Alert[]> {
    const response = await s.call(viewer, 'GET', '/api/alerts');
    expect(response.statusCode).toBe(200);
    return alertListSchema.parse(response.json()).items;
  }

  const alertOf = async (email: string, viewer = 'superadmin@skyline.test') =>
    (await alerts(viewer)).find((alert) => alert.id === alertIds.get(email));
  const acknowledge = async (actor: string, id: string) => s.call(actor, 'POST', `/api/alerts/${id}/acknowledge`);

  /** Five denied calls within 300000 ms raise one alert for that person. */
  async function raiseAlert(email: string) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await s.call(email, 'GET', '/api/audit-log')).statusCode).toBe(403);
    }
    const userId = await skylogIdOf(t, email);
    const raised = (await alerts('superadmin@skyline.test')).filter((alert) => alert.user_id === userId);
    expect(raised).toHaveLength(1);
    alertIds.set(email, raised[0]!.id);
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of [
      'leo.nakamura@skyline.test',
      'jonas.berg@skyline.test',
      'priya.shah@skyline.test',
      'emma.okafor@skyline.test',
      'pilot@harbor.test',
    ])
      await raiseAlert(email);
  });
  afterAll(async () => t.close());

  it('the org_admin acknowledges a Skyline alert: 204, acknowledged_at shows in GET /api/alerts, audited', async () => {
    expect((await alertOf('leo.nakamura@skyline.test', 'orgadmin@skyline.test'))?.acknowledged_at).toBeNull();
    const before = Date.now();
    const response = await acknowledge('orgadmin@skyline.test', alertIds.get('leo.nakamura@skyline.test')!);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    for (const viewer of ['orgadmin@skyline.test', 'secondary@skyline.test', 'superadmin@skyline.test']) {
      const acknowledgedAt = (await alertOf('leo.nakamura@skyline.test', viewer))?.acknowledged_at;
      expect(typeof acknowledgedAt).toBe('string');
      expect(Date.parse(acknowledgedAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(acknowledgedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // The other alerts are untouched.
    expect((await alertOf('jonas.berg@skyline.test'))?.acknowledged_at).toBeNull();

    const audit = await s.call(
      'superadmin@skyline.test',
      'GET',
      `/api/audit-log?action=alerts.acknowledge&user_id=${await skylogIdOf(t, 'orgadmin@skyline.test')}`,
    );
    expect(auditListSchema.parse(audit.json()).items).toContainEqual(
      expect.objectContaining({ resource: `alerts/${alertIds.get('leo.nakamura@skyline.test')}`, status: 'success' }),
    );
  });

  it('the admin_secondary acknowledges too', async () => {
    expect((await acknowledge('secondary@skyline.test', alertIds.get('jonas.berg@skyline.test')!)).statusCode).toBe(204);
    expect(typeof (await alertOf('jonas.berg@skyline.test', 'secondary@skyline.test'))?.acknowledged_at).toBe('string');
  });

  it('the Harbor admin cannot acknowledge a Skyline alert (404), and it stays open', async () => {
    const response = await acknowledge('admin@harbor.test', alertIds.get('priya.shah@skyline.test')!);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    const missing = await acknowledge('admin@harbor.test', missingId);
    expect(missing.statusCode).toBe(404);
    expect(response.json()).toEqual(missing.json());
    expect((await alertOf('priya.shah@skyline.test'))?.acknowledged_at).toBeNull();
    expect((await alerts('admin@harbor.test')).map((alert) => alert.id)).not.toContain(alertIds.get('priya.shah@skyline.test'));
  });

  it('a Skyline admin cannot acknowledge a Harbor alert (404); the Harbor admin can', async () => {
    const harborAlert = alertIds.get('pilot@harbor.test')!;
    for (const actor of ['orgadmin@skyline.test', 'secondary@skyline.test']) {
      expect((await acknowledge(actor, harborAlert)).statusCode).toBe(404);
    }
    expect((await alertOf('pilot@harbor.test', 'admin@harbor.test'))?.acknowledged_at).toBeNull();
    expect((await acknowledge('admin@harbor.test', harborAlert)).statusCode).toBe(204);
    expect(typeof (await alertOf('pilot@harbor.test', 'admin@harbor.test'))?.acknowledged_at).toBe('string');
  });

  for (const actor of ['student@skyline.test', 'instructor@skyline.test', 'suborgadmin@skyline.test', 'suborgsecondary@skyline.test']) {
    it(`${actor}: 403, and the alert stays open`, async () => {
      const response = await acknowledge(actor, alertIds.get('priya.shah@skyline.test')!);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(permissionDenied);
      expect((await alertOf('priya.shah@skyline.test'))?.acknowledged_at).toBeNull();
    });
  }

  it('the super_admin acknowledges any organization’s alert', async () => {
    expect((await acknowledge('superadmin@skyline.test', alertIds.get('emma.okafor@skyline.test')!)).statusCode).toBe(204);
    expect(typeof (await alertOf('emma.okafor@skyline.test', 'orgadmin@skyline.test'))?.acknowledged_at).toBe('string');
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await acknowledge('orgadmin@skyline.test', 'newest');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('id');
  });
});
