import { limits } from '@skylog/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmailMessage, EmailSender } from '../src/integrations/email/index.ts';
import { createTestApp, nextClientIp, type TestApp } from './helper.ts';

/**
 * Public answers about an e-mail address (school registration, asking for a password reset) must not tell
 * whether it has an account: the same answer, the same work in the request (mail goes out after the answer,
 * so a slow or stuck mail server changes nothing), and never sooner than the floor.
 */
describe('whether an e-mail address has an account does not show in how public requests answer', () => {
  let t: TestApp;
  const sent: EmailMessage[] = [];
  let letMailGo!: () => void;
  const mailHeld = new Promise<void>((resolve) => (letMailGo = resolve));
  // A mail server that takes every message and finishes none until the test ends: an answer that waited for one never comes.
  const stuckMailServer: EmailSender = {
    kind: 'smtp',
    send: async (message) => {
      sent.push(message);
      await mailHeld;
    },
    close: async () => undefined,
  };

  beforeAll(async () => {
    t = await createTestApp({ email: stuckMailServer });
  });
  afterAll(async () => {
    letMailGo();
    await t.close();
  });

  /** The answer and how long it took; a generous bound turns an answer that waits for the mail into a failure rather than a hang. */
  async function timed(request: () => ReturnType<TestApp['request']>) {
    const startedAt = performance.now();
    const stuck = sleep(15_000, 'stuck', { ref: false }).then(() => {
      throw new Error('the answer waited for the mail to go out');
    });
    const response = await Promise.race([request(), stuck]);
    return { response, ms: performance.now() - startedAt };
  }
  // The floor is measured from inside the request, so the lower bound leaves room for timer rounding.
  const floorMs = limits.accountAnswerFloorMs - 5;
  const mailsTo = (email: string) => sent.filter((message) => message.to === email);

  it('school registration: a known and a new address both answer 202 alike, before any mail went out, each having handed one over', async () => {
    const register = (email: string) =>
      timed(() =>
        t.request({
          method: 'POST',
          url: '/api/registration/school',
          payload: { school_name: 'Enumeration Aviation', name: 'Eve Numerate', email, password: 'person-password-1' },
          remoteAddress: nextClientIp(),
        }),
      );
    const known = await register('orgadmin@skyline.test');
    const fresh = await register('eve@enumeration-aviation.test');

    for (const [answer, email] of [
      [known, 'orgadmin@skyline.test'],
      [fresh, 'eve@enumeration-aviation.test'],
    ] as const) {
      expect(answer.response.statusCode, answer.response.body).toBe(202);
      expect(answer.response.json()).toEqual({ email });
      expect(answer.ms).toBeGreaterThanOrEqual(floorMs);
      await vi.waitFor(() => expect(mailsTo(email)).toHaveLength(1), { timeout: 10_000 });
    }
    expect(mailsTo('orgadmin@skyline.test')[0]!.text).toContain('/login');
    expect(mailsTo('eve@enumeration-aviation.test')[0]!.text).toContain('/auth/confirm?token=');
  });

  it('asking for a password reset: a known and an unknown address answer 200 alike, before the mail went out', async () => {
    const askReset = (email: string) =>
      timed(() => t.request({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: nextClientIp() }));
    const known = await askReset('instructor@skyline.test');
    const unknown = await askReset('nobody@enumeration-aviation.test');

    for (const answer of [known, unknown]) {
      expect(answer.response.statusCode, answer.response.body).toBe(200);
      expect(answer.ms).toBeGreaterThanOrEqual(floorMs);
    }
    expect(known.response.body).toBe(unknown.response.body);
    await vi.waitFor(() => expect(mailsTo('instructor@skyline.test')).toHaveLength(1), { timeout: 10_000 });
    expect(mailsTo('instructor@skyline.test')[0]!.text).toContain('/auth/reset-password?token=');
    expect(mailsTo('nobody@enumeration-aviation.test')).toHaveLength(0);
  });
});
