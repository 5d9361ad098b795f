import { markerCategoryListSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';
import { permissionDenied, sessions } from './people-helper.ts';

const defaults = [
  { key: 1, text: 'Debrief', color: '#2563eb', is_default: true },
  { key: 2, text: 'Unusual', color: '#f59e0b', is_default: true },
  { key: 3, text: 'Radio Call', color: '#16a34a', is_default: true },
  { key: 4, text: 'Overloaded', color: '#dc2626', is_default: true },
];

describe('rocker-key marker categories per organization', () => {
  let t: TestApp;
  const s = sessions(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const read = async (email: string) => markerCategoryListSchema.parse((await s.call(email, 'GET', '/api/marker-categories')).json());
  const put = (email: string, categories: unknown) => s.call(email, 'PUT', '/api/marker-categories', { categories });
  const all = (changes: Partial<Record<number, { text?: string; color?: string }>>) =>
    defaults.map(({ key, text, color }) => ({ key, text: changes[key]?.text ?? text, color: changes[key]?.color ?? color }));

  it('starts with the spec’s four keys: 1 Debrief, 2 Unusual, 3 Radio Call, 4 Overloaded', async () => {
    expect((await read('student@skyline.test')).items).toEqual(defaults);
  });

  it('an org admin relabels and recolours keys for their organization only', async () => {
    const response = await put('orgadmin@skyline.test', all({ 2: { text: 'Traffic', color: '#7C3AED' } }));
    expect(response.statusCode, response.body).toBe(200);
    const expected = defaults.map((item) => (item.key === 2 ? { key: 2, text: 'Traffic', color: '#7c3aed', is_default: false } : item));
    expect(response.json().items).toEqual(expected);
    expect((await read('instructor@skyline.test')).items).toEqual(expected);
    expect((await read('admin@harbor.test')).items).toEqual(defaults);
    // Back to the defaults: nothing custom is kept.
    expect((await put('orgadmin@skyline.test', all({}))).json().items).toEqual(defaults);
  });

  it('refuses incomplete or malformed sets (400) and non-admins (403), changing nothing', async () => {
    const three = await put('orgadmin@skyline.test', all({}).slice(0, 3));
    expect(three.statusCode).toBe(400);
    expect(three.json().fields.categories).toBe('Give all four rocker keys');
    const badColour = await put('orgadmin@skyline.test', all({ 1: { color: 'blue' } }));
    expect(badColour.statusCode).toBe(400);
    expect(badColour.json().fields['categories.0.color']).toBe('Colour must look like #1a2b3c');
    const twice = await put('orgadmin@skyline.test', [...all({}).slice(0, 3), { key: 1, text: 'Again', color: '#000000' }]);
    expect(twice.statusCode).toBe(400);
    const student = await put('student@skyline.test', all({ 1: { text: 'Mine' } }));
    expect(student.statusCode).toBe(403);
    expect(student.json()).toEqual(permissionDenied);
    expect((await read('orgadmin@skyline.test')).items).toEqual(defaults);
  });
});
