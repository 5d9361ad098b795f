import { beforeEach, describe, expect, it } from 'vitest';
import { recordLocalDenial } from './local-audit.ts';

const entries = () => JSON.parse(window.localStorage.getItem('audit_logs') ?? '[]') as Array<Record<string, unknown>>;

describe('local audit log', () => {
  beforeEach(() => window.localStorage.clear());

  it('appends a denied access with the spec fields', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    recordLocalDenial('user-1', 'student', '/dashboard/aircraft', false, now);
    expect(entries()).toEqual([
      {
        timestamp: now.toISOString(),
        userId: 'user-1',
        userRole: 'student',
        action: 'access',
        resource: '/dashboard/aircraft',
        status: 'denied',
        details: { path: '/dashboard/aircraft', isSelfAccess: false, timestamp: now.toISOString() },
      },
    ]);
    expect(window.localStorage.getItem('alert')).toBeNull();
  });

  it('stores an alert at 5 denials by one user within 300000 ms, not for older ones', () => {
    const start = Date.parse('2026-11-21T10:00:00Z');
    recordLocalDenial('user-1', 'student', '/a', false, new Date(start - 300001));
    for (let index = 0; index < 4; index += 1) recordLocalDenial('user-1', 'student', '/a', false, new Date(start + index * 1000));
    recordLocalDenial('user-2', 'student', '/a', false, new Date(start + 5000));
    expect(window.localStorage.getItem('alert')).toBeNull();
    recordLocalDenial('user-1', 'student', '/a', false, new Date(start + 6000));
    expect(JSON.parse(window.localStorage.getItem('alert')!)).toMatchObject({ userId: 'user-1', count: 5 });
  });
});
