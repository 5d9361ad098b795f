import { apiErrorSchema } from '@skylog/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, nextClientIp, type TestApp } from './helper.ts';
import { fileProperties, fuzzCases, rawBodyCases, seededRandom, shuffled, type FuzzCase, type FuzzRequest } from './probe/fuzz-cases.ts';
import { sendOverKeptAliveConnection, type Answer } from './probe/http.ts';
import { buildRequest, requestOverrides, sampleContext, send } from './probe/requests.ts';
import { loadOperations, type ProbeOperation } from './probe/route-table.ts';
import { createProbeApp, createWorld, type Actor, type Tenant } from './probe/tenants.ts';

/** Fixed: the same bad inputs every run. Change it to explore, and keep what it finds as a case. */
const seed = 20_260_509;
/** Property cases sampled per operation (structural cases are always sent), each sent by every fuzz actor. */
const propertyCasesPerOperation = 24;
const requestTimeoutMs = 5000;

/**
 * The outside security probe, kept: bad inputs to every operation of the OpenAPI document, as a Skyline org
 * admin, a Skyline student and anonymously. Nothing may answer 5xx; every error is the one shape,
 * and a 400 validation_error names the property at fault.
 */
describe('probe: bounded fuzz of every operation', () => {
  let t: TestApp;
  let probeApp: Awaited<ReturnType<typeof createProbeApp>>;
  const world = createWorld(() => t, () => probeApp.stripe);
  let operations: ProbeOperation[];
  let skyline: Tenant;
  let fuzzActors: Actor[];
  let sent = 0;
  const startedAt = Date.now();

  beforeAll(async () => {
    probeApp = await createProbeApp();
    t = probeApp.t;
    ({ operations } = await loadOperations(t));
    const { tenants, actors } = await world.setUp({ only: ['skyline'] });
    skyline = tenants.get('skyline')!;
    fuzzActors = ['orgadmin@skyline.test', 'student@skyline.test', 'anonymous'].map((name) => actors.find((actor) => actor.name === name)!);
  }, 120_000);

  afterAll(async () => {
    console.log(`probe fuzz: ${sent} requests (seed ${seed}) in ${Math.round((Date.now() - startedAt) / 1000)} s`);
    // A connection the server left hanging (reported above) must not hold the close for its timeout.
    t?.app.server.closeAllConnections();
    await probeApp?.close();
  });

  /**
   * The failures of one answer: a 5xx, an error outside the one shape, a validation error not naming the field at fault
   * (`fileProperty`: the property holding a file, whose refusal names each row at fault instead).
   */
  function judge(response: Answer, where: string, field: string | undefined, fileProperty?: string): string[] {
    const failures: string[] = [];
    const fail = (message: string) => failures.push(`${where}: ${message} — got ${response.statusCode} ${response.body.slice(0, 240)}`);
    if (response.statusCode === 0) fail('no answer');
    if (response.statusCode >= 500) fail('a server error');
    if (response.statusCode < 400) return failures;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      fail('the error is not JSON');
      return failures;
    }
    const parsed = apiErrorSchema.safeParse(body);
    if (!parsed.success || parsed.data.status !== response.statusCode) {
      fail('the error is not the one shape {status, code, message, fields?}');
      return failures;
    }
    if (field && response.statusCode === 400 && parsed.data.code === 'validation_error') {
      const names = Object.keys(parsed.data.fields ?? {});
      const matches = (name: string) => name === field || field.startsWith(`${name}.`) || name.startsWith(`${field}.`);
      const isRowReport = field === fileProperty && (parsed.data.rows ?? []).length > 0;
      if (!names.some(matches) && !isRowReport) fail(`the validation error does not name the field at fault (${field}) in fields`);
    }
    return failures;
  }

  async function sendAs(actor: Actor, request: FuzzRequest): Promise<Answer> {
    sent += 1;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Answer>((resolve) => {
      timer = setTimeout(() => resolve({ statusCode: 0, body: `no answer within ${requestTimeoutMs} ms` }), requestTimeoutMs);
    });
    try {
      return await Promise.race([send(t, actor, request), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Raw bodies (track files, audio pieces) go over a real, kept-alive connection: light-my-request
   * cannot answer a request whose body the server stops reading half-way, and a browser reuses the
   * connection afterwards, so that connection must still answer.
   */
  async function sendRawAs(actor: Actor, request: FuzzRequest, where: string): Promise<string[]> {
    sent += 2;
    const { answer, next } = await sendOverKeptAliveConnection(
      t,
      {
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          ...(actor.cookie ? { cookie: actor.cookie } : {}),
          ...(actor.token ? { authorization: `Bearer ${actor.token}` } : {}),
        },
        body: Buffer.from(request.payload ?? ''),
      },
      requestTimeoutMs,
    );
    const failures = judge(answer, where, undefined);
    if (next.statusCode !== 200) {
      failures.push(
        `${where}: after this answer (${answer.statusCode}) the kept-alive connection no longer answers (GET /api/health on it: ${next.statusCode} ${next.body.slice(0, 80)}); close it instead`,
      );
    }
    return failures;
  }

  it('every operation: bad bodies, queries, path parameters, headers and content types never answer 5xx, and errors keep the one shape', async () => {
    const random = seededRandom(seed);
    const failures: string[] = [];
    // Destructive operations last, so the rows the others name are there as long as possible.
    const ordered = [...operations].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const op of ordered) {
      const base = buildRequest(world, op, { target: skyline });
      if (base.problems.length > 0) {
        failures.push(...base.problems);
        continue;
      }
      const ctx = sampleContext(world, op, skyline, []);
      const all = requestOverrides[op.label]
        ? [...rawBodyCases(op, base), ...fuzzCases(op, base, ctx).filter((item) => !item.name.startsWith('body'))]
        : fuzzCases(op, base, ctx);
      const cases: FuzzCase[] = [
        ...all.filter((item) => item.isStructural),
        ...shuffled(
          all.filter((item) => !item.isStructural),
          random,
        ).slice(0, propertyCasesPerOperation),
      ];
      for (const fuzz of cases) {
        for (const { kind, tenant } of base.names) await world.ensure(tenant, kind);
        for (const actor of fuzzActors) {
          const where = `${actor.name} → ${op.label} [${fuzz.name}]`;
          try {
            if (fuzz.isRawBody) {
              failures.push(...(await sendRawAs(actor, fuzz.request, where)));
              continue;
            }
            const response = await sendAs(actor, fuzz.request);
            // PROBE_TRACE=1 prints every request and its answer.
            if (process.env.PROBE_TRACE) console.log(`${where} → ${response.statusCode} ${response.body.slice(0, 160)}`);
            failures.push(...judge(response, where, fuzz.field, fileProperties[op.label]));
          } catch (error) {
            failures.push(`${where}: the request could not be sent: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }
    }
    expect(failures, `${failures.length} failing requests:\n${failures.join('\n')}`).toEqual([]);
  }, 240_000);

  it('sign-in (better-auth behind the proxy) and school registration take NUL and lone surrogates without a 5xx', async () => {
    const failures: string[] = [];
    const anonymous = fuzzActors.find((actor) => actor.kind === 'anonymous')!;
    const bad: [string, string][] = [
      ['NUL', 'a\u0000b'],
      ['a lone surrogate', 'a\ud800b'],
      ['a lone low surrogate', 'a\udc00b'],
    ];
    const post = (url: string, body: Record<string, string>) =>
      t.request({
        method: 'POST',
        url,
        headers: { origin: appOrigin, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: nextClientIp(),
      });
    for (const [label, value] of bad) {
      for (const body of [
        { email: `student${value}@skyline.test`, password: 'test-demo-password' },
        { email: 'student@skyline.test', password: `pass${value}word-long` },
        { email: `x${value}`, password: value },
      ]) {
        sent += 1;
        const field = body.email.includes(value) ? 'email' : 'password';
        failures.push(
          ...judge(
            await post('/api/auth/sign-in/email', body),
            `${anonymous.name} → POST /api/auth/sign-in/email [${label} in ${field}]`,
            undefined,
          ),
        );
      }
      for (const field of ['school_name', 'name', 'email', 'password']) {
        const body: Record<string, string> = {
          school_name: `Fuzz School ${label}`,
          name: 'Fuzz Founder',
          email: `founder.${sent}@fuzz.probe`,
          password: 'fuzz-password-1',
        };
        body[field] = field === 'email' ? `founder${value}.${sent}@fuzz.probe` : `${body[field]}${value}`;
        sent += 1;
        failures.push(
          ...judge(
            await post('/api/registration/school', body),
            `${anonymous.name} → POST /api/registration/school [${label} in ${field}]`,
            field,
          ),
        );
      }
    }
    expect(failures, `${failures.length} failing requests:\n${failures.join('\n')}`).toEqual([]);
  });
});
