import { apiErrorSchema, isSubOrgRole, messages } from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, query, skylogIdOf, type TestApp } from './helper.ts';
import { buildRequest, idProperties, schemaProblems, send, type BuiltRequest, type RequestPlan } from './probe/requests.ts';
import { loadOperations, type ProbeOperation } from './probe/route-table.ts';
import { logbookExpectation, type RowExpectation } from './probe/logbook-rules.ts';
import { changedTables, fingerprint, leakStrings, leaksIn, logbookTables, trainingTables } from './probe/tenant-state.ts';
import { trainingExpectation, trainingExpectationOfRow, type TrainingAction } from './probe/training-rules.ts';
import {
  accessOf,
  createProbeApp,
  createWorld,
  firstFlightLesson,
  probeCourseTemplate,
  probePassingGrade,
  type Actor,
  type IdKind,
  type Tenant,
  type TenantKey,
} from './probe/tenants.ts';

type Relation = 'own' | 'cross' | 'body-cross';
type Expected = 'unauthenticated' | 'token-refused' | 'role-denied' | 'reaches' | 'hidden' | 'refused' | 'succeeds' | 'forbidden';

/** The rule of a row that decides a call (a logbook's or a student's training), and where docs/product.md says it. */
type RowRule = { expected: RowExpectation; source: string };

/** The tables a refused logbook or training call must leave as they were in the caller's own organization too. */
const rowRuleTables = [...logbookTables, ...trainingTables];

/**
 * The outside security probe, kept: every operation of the OpenAPI document, as every role of both demo
 * organizations, anonymously and with access tokens, naming rows of the caller's own organization
 * and of the other one. Routes, operations and schemas come from the app itself and the contracts'
 * access table, so a new route is probed without anyone remembering to.
 */
// Each test runs hundreds of requests: on a busy machine one can outlast the suite's 30 s, and a test cut off
// keeps sending, changing rows under the next test's "nothing changed" checks. A sweep gets ten minutes: the limit
// is there for a hang, and a sweep of 3,000 cells on two cores shared with other suites took over three.
describe('probe: role × endpoint × tenant', { timeout: 600_000 }, () => {
  let t: TestApp;
  let probeApp: Awaited<ReturnType<typeof createProbeApp>>;
  const world = createWorld(() => t, () => probeApp.stripe);
  let operations: ProbeOperation[];
  let actors: Actor[];
  let tenants: Map<TenantKey, Tenant>;
  const leaks = new Map<TenantKey, string[]>();
  const counts: Record<string, number> = {};
  // PROBE_TRACE=1 prints every cell's request and answer (to see what a cell did, not only what failed).
  const trace: string[] = [];
  const startedAt = Date.now();

  const otherOf = (key: TenantKey) => tenants.get(key === 'skyline' ? 'harbor' : 'skyline')!;
  const ownOf = (actor: Actor) => tenants.get(actor.tenant ?? 'skyline')!;
  const isSuperAdmin = (actor: Actor) => actor.role === 'super_admin';

  async function refreshLeaks() {
    for (const tenant of tenants.values()) leaks.set(tenant.key, await leakStrings(t, tenant, otherOf(tenant.key)));
  }

  async function maxAuditId(): Promise<number> {
    const [row] = await query<{ id: string | null }>(t, sql`select max(id)::text as id from audit_log`);
    return Number(row?.id ?? 0);
  }

  function expectedOf(
    actor: Actor,
    op: ProbeOperation,
    relation: Relation,
    names: BuiltRequest['names'],
    rule: RowRule | undefined,
  ): Expected {
    const access = accessOf(actor, op.operation, op.access);
    if (access !== 'allowed') return access;
    // docs/product.md "Flights and who sees them (tenancy)": sub-organization admins may send a new flight, but any
    // call naming an existing one (adding a recording to a flight the probe's world made) is refused by role, whichever
    // organization it belongs to.
    if (actor.role && isSubOrgRole(actor.role) && names.some((name) => name.kind === 'trip')) return 'role-denied';
    // A logbook's or a student's training's own rules (docs/product.md "Logbook", "Lessons and grading") decide a call
    // naming it, in the caller's organization or another.
    if (rule && relation !== 'body-cross') return rule.expected;
    if (op.access === 'public' || relation === 'own' || isSuperAdmin(actor)) return 'reaches';
    if (relation === 'cross') return 'hidden';
    return op.method === 'GET' ? 'reaches' : 'refused';
  }

  /** The row rule deciding a call, if any: a logbook's (docs/product.md "Logbook") or a student's training's ("Lessons and grading"). */
  async function rowRuleOf(actor: Actor, op: ProbeOperation, names: BuiltRequest['names']): Promise<RowRule | undefined> {
    const logbook = await logbookExpectation(t, actor, op.operation, names);
    if (logbook) return { expected: logbook, source: 'docs/product.md "Logbook"' };
    const training = await trainingExpectation(t, actor, op.operation, names);
    if (!training) return undefined;
    return { expected: training, source: 'docs/product.md "Lessons and grading"' };
  }

  /** The failures of one cell (empty when it behaved); a cell that cannot run is a failure too, not the end of the list. */
  async function runCell(actor: Actor, op: ProbeOperation, relation: Relation, plan: RequestPlan, what = ''): Promise<string[]> {
    const where = `${actor.name} → ${op.label} [${relation}${what ? `: ${what}` : ''}]`;
    try {
      return await runCellOrThrow(actor, op, relation, plan, where);
    } catch (error) {
      return [`${where}: the probe could not run this cell: ${error instanceof Error ? error.message : String(error)}`];
    }
  }

  async function runCellOrThrow(actor: Actor, op: ProbeOperation, relation: Relation, plan: RequestPlan, where: string): Promise<string[]> {
    // Rows a destructive cell removed are made again before anyone names them.
    for (const { kind, tenant } of buildRequest(world, op, plan).names) await world.ensure(tenant, kind);
    const request = buildRequest(world, op, plan);
    const problems = [
      ...request.problems,
      ...schemaProblems(op, request).map((problem) => `the generated request fails the route's schema: ${problem}`),
    ];
    if (problems.length > 0) return problems.map((problem) => `${where}: ${problem} (extend the generator or requestOverrides)`);

    const rule = accessOf(actor, op.operation, op.access) === 'allowed' ? await rowRuleOf(actor, op, request.names) : undefined;
    const expected = expectedOf(actor, op, relation, request.names, rule);
    // A refused logbook or training change must leave the logbooks and training of the caller's own organization as they were too.
    const isRefusedRowChange = relation === 'own' && (expected === 'forbidden' || expected === 'hidden');
    const victim =
      relation === 'own' ? (isRefusedRowChange ? plan.target : undefined) : relation === 'cross' ? plan.target : plan.cross![0]!.tenant;
    const watchesVictim = victim && op.method !== 'GET' && !(isSuperAdmin(actor) && (expected === 'reaches' || expected === 'succeeds'));
    // Background jobs earlier cells queued (a flight's analysis) change their rows on their own: let them finish first.
    if (watchesVictim) await t.ctx.jobs.drain();
    const before = watchesVictim ? await fingerprint(t, victim) : undefined;
    const auditBefore = expected === 'role-denied' ? await maxAuditId() : 0;

    const response = await send(t, actor, request);
    counts[relation] = (counts[relation] ?? 0) + 1;
    if (process.env.PROBE_TRACE)
      trace.push(
        `${where} ${request.method} ${request.url} ${request.payload?.toString().slice(0, 200) ?? ''} → ${response.statusCode} ${response.body.slice(0, 160)}`,
      );
    const failures: string[] = [];
    const fail = (message: string) => failures.push(`${where}: ${message} — got ${response.statusCode} ${response.body.slice(0, 300)}`);
    checkShape(response, fail);

    const error =
      response.statusCode >= 400
        ? (safeJson(response.body) as { code?: string; message?: string; fields?: unknown } | undefined)
        : undefined;
    const isPermissionDenied = response.statusCode === 403 && error?.message === messages.permissionDenied;
    switch (expected) {
      case 'unauthenticated':
        if (response.statusCode !== 401 || error?.code !== 'unauthenticated') fail('expected 401 unauthenticated (no session)');
        break;
      case 'token-refused':
        if (response.statusCode !== 403 || error?.message !== messages.accessTokenNotAllowed)
          fail(`expected 403 "${messages.accessTokenNotAllowed}"`);
        break;
      case 'role-denied': {
        if (!isPermissionDenied) fail(`expected 403 "${messages.permissionDenied}" (apiAccess refuses ${actor.role})`);
        const [audited] = await query(
          t,
          sql`select 1 from audit_log where id > ${auditBefore} and user_id = ${actor.skylogId} and status = 'denied' and action = ${op.operation}`,
        );
        if (!audited) fail(`expected an audit_log row (status denied, action ${op.operation}) for the refused call`);
        break;
      }
      case 'reaches': {
        if (response.statusCode === 401) fail('an allowed caller was answered 401');
        if (isPermissionDenied) fail('an allowed caller was refused by role');
        if (actor.kind === 'token' && error?.message === messages.accessTokenNotAllowed)
          fail('an access-token operation refused the token');
        // The org admin may do everything in their organization: a 400 validation_error to the minimal
        // request means the probe sent something the route does not take (a missing override).
        if (relation === 'own' && actor.role === 'org_admin' && response.statusCode === 400 && error?.code === 'validation_error') {
          fail(
            'the org admin’s minimal request did not reach the handler (400 validation_error): fix the generator or add a requestOverrides entry',
          );
        }
        break;
      }
      case 'succeeds':
        if (response.statusCode < 200 || response.statusCode >= 300) fail(`expected 2xx: ${rule!.source} lets this caller do it`);
        break;
      case 'forbidden':
        if (response.statusCode !== 403 || isPermissionDenied)
          fail(
            `expected 403 from the row’s rule (not by role): the caller sees the person but ${rule!.source} does not let them do this`,
          );
        break;
      case 'hidden':
        if (response.statusCode !== 404)
          fail(
            relation === 'cross'
              ? `expected 404: a row of ${plan.target.label} named by a caller of ${actor.tenant} must not be found`
              : `expected 404: ${rule!.source} hides this person’s record from the caller`,
          );
        break;
      case 'refused':
        if (response.statusCode < 400 || response.statusCode >= 500)
          fail(`expected a 4xx: the body names ${victim!.label}'s row (${plan.cross!.map((item) => item.path.join('.')).join(', ')})`);
        break;
    }
    if (before && victim) {
      const changed = changedTables(before, await fingerprint(t, victim)).filter(
        (table) => !isRefusedRowChange || rowRuleTables.includes(table),
      );
      if (changed.length > 0)
        fail(
          isRefusedRowChange
            ? `the refused call changed ${victim.label}'s ${changed.join(', ')}`
            : `${victim.label} changed (${changed.join(', ')}) although the caller belongs to ${actor.tenant}`,
        );
    }
    if (actor.tenant && !isSuperAdmin(actor)) {
      const found = leaksIn(response.body, leaks.get(otherOf(actor.tenant).key) ?? []);
      if (found.length > 0) fail(`the response names ${otherOf(actor.tenant).label}'s ${found.slice(0, 5).join(', ')}`);
    }
    return failures;
  }

  function checkShape(response: LightMyRequestResponse, fail: (message: string) => void) {
    if (response.statusCode >= 500) fail('a server error');
    if (response.statusCode >= 400) {
      const parsed = apiErrorSchema.safeParse(safeJson(response.body));
      if (!parsed.success || parsed.data.status !== response.statusCode)
        fail('the error is not the one shape {status, code, message, fields?}');
    }
  }

  // A public operation's path names a capability (an invitation link's token), not a row a tenant guards.
  const hasPathIds = (op: ProbeOperation) => op.access !== 'public' && op.pathParams.some((param) => !param.schema.enum);
  const isSwitch = (op: ProbeOperation) => op.operation === 'orgs.switch';

  async function runAll(cells: (() => Promise<string[]>)[]): Promise<string[]> {
    const failures: string[] = [];
    for (const cell of cells) failures.push(...(await cell()));
    return failures;
  }

  const report = (failures: string[]) => expect(failures, `${failures.length} failing cells:\n${failures.join('\n')}`).toEqual([]);

  beforeAll(async () => {
    probeApp = await createProbeApp();
    t = probeApp.t;
    ({ operations } = await loadOperations(t));
    ({ tenants, actors } = await world.setUp());
    await refreshLeaks();
  }, 120_000);

  afterAll(async () => {
    if (trace.length > 0) console.log(trace.join('\n'));
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.log(
      `probe matrix: ${operations?.length ?? 0} operations × ${actors?.length ?? 0} actors: ${total} cells (${Object.entries(counts)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ')}) in ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
    await probeApp?.close();
  });

  it('knows every operation, its access rule, and the kind of row each path parameter and id property names', () => {
    const problems: string[] = [];
    for (const op of operations) {
      for (const tenant of tenants.values()) problems.push(...buildRequest(world, op, { target: tenant }).problems);
      for (const property of idProperties(op)) {
        if (!property.kind) problems.push(`${op.label}: id property ${property.path.join('.')} is not in the probe's bodyIdKinds table`);
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    expect(operations.length).toBeGreaterThan(50);
  });

  it('reads (GET): every actor, rows of their own organization', async () => {
    const cells = operations
      .filter((op) => op.method === 'GET')
      .flatMap((op) => actors.map((actor) => () => runCell(actor, op, 'own', { target: ownOf(actor) })));
    report(await runAll(cells));
  });

  it('reads (GET): every actor naming the other organization’s rows by id answers 404 and shows nothing of it', async () => {
    const cells = operations
      .filter((op) => op.method === 'GET' && hasPathIds(op))
      .flatMap((op) => actors.map((actor) => () => runCell(actor, op, 'cross', { target: otherOf(actor.tenant ?? 'skyline') })));
    report(await runAll(cells));
  });

  /** Cells naming the other organization's row in one id property of the query or body. */
  function bodyCrossCells(ops: ProbeOperation[], forActors: Actor[]) {
    return ops.flatMap((op) =>
      idProperties(op).flatMap(({ path, kind }) =>
        forActors
          .filter((actor) => actor.tenant && !isSuperAdmin(actor) && accessOf(actor, op.operation, op.access) === 'allowed')
          .map((actor) => () => {
            const own = ownOf(actor);
            return runCell(
              actor,
              op,
              'body-cross',
              { target: own, cross: [{ path, kind: kind!, tenant: otherOf(own.key) }] },
              path.join('.'),
            );
          }),
      ),
    );
  }

  it('reads (GET): filters naming the other organization’s rows show nothing of it', async () => {
    report(
      await runAll(
        bodyCrossCells(
          operations.filter((op) => op.method === 'GET'),
          actors,
        ),
      ),
    );
  });

  it('changes: every actor but the super admin, naming rows of the other organization (404, nothing changes) and of their own', async () => {
    await refreshLeaks();
    const cells = operations
      .filter((op) => op.method !== 'GET' && !isSwitch(op))
      .flatMap((op) => {
        const list: (() => Promise<string[]>)[] = [];
        for (const actor of actors.filter((candidate) => !isSuperAdmin(candidate))) {
          if (hasPathIds(op)) list.push(() => runCell(actor, op, 'cross', { target: otherOf(actor.tenant ?? 'skyline') }));
          list.push(() => runCell(actor, op, 'own', { target: ownOf(actor) }));
        }
        list.push(async () => {
          await refreshLeaks();
          return [];
        });
        return list;
      });
    report(await runAll(cells));
  });

  it('changes: a body naming another organization’s people, aircraft, sub-organization or organization is refused and creates nothing there', async () => {
    await refreshLeaks();
    report(
      await runAll(
        bodyCrossCells(
          operations.filter((op) => op.method !== 'GET'),
          actors,
        ),
      ),
    );
  });

  it('changes within the organization respect the finer scope (docs/product.md "Flights and who sees them (tenancy)")', async () => {
    const ids = async (email: string) => skylogIdOf(t, email);
    const iris = await ids('instructor@skyline.test');
    const jonas = await ids('jonas.berg@skyline.test');
    const marcus = await ids('marcus.webb@skyline.test');
    const orgAdmin = await ids('orgadmin@skyline.test');
    const actor = (name: string) => actors.find((candidate) => candidate.name === name)!;
    const isLinked = async (instructor: string, student: string) =>
      (await query(t, sql`select 1 from student_instructor where instructor = ${instructor} and student = ${student}`)).length > 0;
    const nameOf = async (id: string) => (await query<{ name: string }>(t, sql`select name from users where skylog_id = ${id}`))[0]?.name;
    const cases = [
      {
        what: 'an instructor (North Field) links themselves to a student of another sub-organization (Lakeside)',
        actor: actor('instructor@skyline.test'),
        request: { method: 'POST' as const, url: '/api/student-instructor', payload: [{ instructor: iris, student: jonas }] },
        isUnchanged: async () => !(await isLinked(iris, jonas)),
      },
      {
        what: 'an instructor removes a link of another instructor',
        actor: actor('instructor@skyline.test'),
        request: { method: 'DELETE' as const, url: `/api/student-instructor?instructor=${marcus}&student=${jonas}` },
        isUnchanged: async () => isLinked(marcus, jonas),
      },
      {
        what: 'a Secondary Admin edits the Org Admin’s profile',
        actor: actor('secondary@skyline.test'),
        request: { method: 'PATCH' as const, url: `/api/users/${orgAdmin}`, payload: { name: 'Renamed by the secondary admin' } },
        isUnchanged: async () => (await nameOf(orgAdmin)) === 'Olivia Grant',
      },
    ];
    const failures: string[] = [];
    for (const { what, actor: caller, request, isUnchanged } of cases) {
      const response = await t.request({
        method: request.method,
        url: request.url,
        cookie: caller.cookie,
        ...('payload' in request ? { payload: request.payload } : {}),
      });
      counts['finer scope'] = (counts['finer scope'] ?? 0) + 1;
      const fail = (message: string) =>
        failures.push(
          `${caller.name} → ${request.method} ${request.url} (${what}): ${message} — got ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      checkShape(response, fail);
      if (response.statusCode < 400) fail('expected a refusal (403 or 404)');
      if (!(await isUnchanged())) fail('the change was made');
    }
    report(failures);
  });

  it('logbooks within the organization (docs/product.md "Logbook"): an instructor not linked to the student is refused, other people find nothing, nothing changes', async () => {
    // Jonas (Lakeside) is Marcus's student: Iris (North Field) sees him as an instructor of the school, Stella (a
    // student) and the North Field admin do not see him at all.
    const jonasEmail = 'jonas.berg@skyline.test';
    const jonas = await skylogIdOf(t, jonasEmail);
    const stella = await skylogIdOf(t, 'student@skyline.test');
    const asJonas = (method: 'POST' | 'DELETE', url: string, payload?: object) => world.sessions.call(jonasEmail, method, url, payload);
    const made = await asJonas('POST', `/api/users/${jonas}/logbook`, {
      date: '2026-03-02',
      category_class: 'airplane single-engine land',
      total_hours: 1,
    });
    const asked = await asJonas('POST', `/api/users/${jonas}/endorsement-requests`, { kind: 'solo' });
    expect([made.statusCode, asked.statusCode], `${made.body} ${asked.body}`).toEqual([201, 201]);
    const entry = made.json().id as string;
    const request = asked.json().id as string;
    const digest = () => fingerprint(t, tenants.get('skyline')!);
    const actor = (name: string) => actors.find((candidate) => candidate.name === name)!;
    const signing = { password: demoPassword, certificate_number: 'CFI 3920115', certificate_expires: '2099-12-31' };
    const cases: {
      what: string;
      actor: Actor;
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      url: string;
      payload?: object;
      status: number | '4xx';
    }[] = [
      {
        what: 'an instructor not linked to the student reads their logbook',
        actor: actor('instructor@skyline.test'),
        method: 'GET',
        url: `/api/users/${jonas}/logbook`,
        status: 403,
      },
      {
        what: 'an instructor not linked to the student signs their entry',
        actor: actor('instructor@skyline.test'),
        method: 'POST',
        url: `/api/logbook/${entry}/signature`,
        payload: signing,
        status: 403,
      },
      {
        what: 'an instructor not linked to the student changes their entry',
        actor: actor('instructor@skyline.test'),
        method: 'PATCH',
        url: `/api/logbook/${entry}`,
        payload: { total_hours: 2 },
        status: 403,
      },
      {
        what: 'an instructor not linked to the student endorses them',
        actor: actor('instructor@skyline.test'),
        method: 'POST',
        url: `/api/users/${jonas}/endorsements`,
        payload: { kind: 'solo', aircraft_make_model: 'Cessna 172S', ...signing },
        status: 403,
      },
      {
        what: 'an instructor not linked to the student declines their request',
        actor: actor('instructor@skyline.test'),
        method: 'DELETE',
        url: `/api/endorsement-requests/${request}`,
        status: 403,
      },
      {
        what: 'an instructor endorses their own student, answering another student’s request',
        actor: actor('instructor@skyline.test'),
        method: 'POST',
        url: `/api/users/${stella}/endorsements`,
        payload: { kind: 'solo', aircraft_make_model: 'Cessna 172S', request_id: request, ...signing },
        status: '4xx',
      },
      {
        what: 'another student reads the logbook',
        actor: actor('student@skyline.test'),
        method: 'GET',
        url: `/api/users/${jonas}/logbook`,
        status: 404,
      },
      {
        what: 'another student reads an entry',
        actor: actor('student@skyline.test'),
        method: 'GET',
        url: `/api/logbook/${entry}`,
        status: 404,
      },
      {
        what: 'another student adds an entry',
        actor: actor('student@skyline.test'),
        method: 'POST',
        url: `/api/users/${jonas}/logbook`,
        payload: { date: '2026-03-03', category_class: 'airplane single-engine land', total_hours: 1 },
        status: 404,
      },
      {
        what: 'another student withdraws the request',
        actor: actor('student@skyline.test'),
        method: 'DELETE',
        url: `/api/endorsement-requests/${request}`,
        status: 404,
      },
      {
        what: 'a sub-organization admin of another sub-organization reads the logbook',
        actor: actor('suborgadmin@skyline.test'),
        method: 'GET',
        url: `/api/users/${jonas}/logbook`,
        status: 404,
      },
    ];
    const failures: string[] = [];
    for (const { what, actor: caller, method, url, payload, status } of cases) {
      await t.ctx.jobs.drain();
      const before = await digest();
      const response = await t.request({ method, url, cookie: caller.cookie, ...(payload ? { payload } : {}) });
      counts['logbook scope'] = (counts['logbook scope'] ?? 0) + 1;
      const fail = (message: string) =>
        failures.push(
          `${caller.name} → ${method} ${url} (${what}): ${message} — got ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      checkShape(response, fail);
      if (status === '4xx' ? response.statusCode < 400 || response.statusCode >= 500 : response.statusCode !== status)
        fail(`expected ${status}`);
      const error = safeJson(response.body) as { message?: string } | undefined;
      if (response.statusCode === 403 && error?.message === messages.permissionDenied)
        fail('refused by role: the logbook’s rule should have answered');
      const changed = changedTables(before, await digest()).filter((table) => logbookTables.includes(table));
      if (changed.length > 0) fail(`the refused call changed ${changed.join(', ')}`);
    }
    report(failures);
  });

  it('training within the organization (docs/product.md "Lessons and grading"): an instructor not linked to the student reads but neither enrols nor grades, other people find nothing, nothing changes', async () => {
    // Jonas (Lakeside) is Marcus's student, enrolled by him on a course since changed, with a lesson Marcus began. Iris
    // (North Field) reads his training as an instructor of the school; Stella (a student) and the North Field admin do not.
    const skyline = tenants.get('skyline')!;
    const jonas = await skylogIdOf(t, 'jonas.berg@skyline.test');
    const marcusEmail = 'marcus.webb@skyline.test';
    const made = async (email: string, method: 'POST' | 'PATCH', url: string, payload: object, status: number) => {
      const response = await world.sessions.call(email, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      return response.json();
    };
    const course = await made(skyline.adminEmail, 'POST', '/api/courses', { template_key: probeCourseTemplate.key }, 201);
    const enrollment = (await made(marcusEmail, 'POST', `/api/users/${jonas}/enrollments`, { course_id: course.id }, 201)).id as string;
    await made(skyline.adminEmail, 'PATCH', `/api/courses/${course.id}`, { content: { ...course.content, planned_weeks: 30 } }, 200);
    const lesson = firstFlightLesson(course.content);
    const record = (await made(marcusEmail, 'POST', `/api/enrollments/${enrollment}/lessons`, { lesson_key: lesson.key }, 201)).id as string;
    const otherCourse = (await made(skyline.adminEmail, 'POST', '/api/courses', { template_key: probeCourseTemplate.key }, 201)).id as string;
    // Instructors of the demo school who are not among the probe's actors.
    const instructor = async (email: string): Promise<Actor> => ({
      name: email,
      kind: 'session',
      role: 'instructor',
      tenant: 'skyline',
      skylogId: await skylogIdOf(t, email),
      cookie: await world.sessions.as(email),
    });
    const marcus = await instructor(marcusEmail);
    const actor = (name: string) => actors.find((candidate) => candidate.name === name)!;
    const grades = { grades: [{ item_key: lesson.items[0]!.key, grade: probePassingGrade }] };
    const signing = { password: demoPassword, certificate_number: 'CFI 3920115', certificate_expires: '2099-12-31' };
    const iris = actor('instructor@skyline.test');
    const stella = actor('student@skyline.test');
    const northAdmin = actor('suborgadmin@skyline.test');
    type Case = { caller: Actor; action: TrainingAction; row: [IdKind, string]; method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object };
    const cases: Case[] = [
      ...[iris, stella, northAdmin].flatMap((caller): Case[] => [
        { caller, action: 'read', row: ['pilot', jonas], method: 'GET', url: `/api/users/${jonas}/enrollments` },
        { caller, action: 'read', row: ['pilot', jonas], method: 'GET', url: `/api/users/${jonas}/scorecard` },
        { caller, action: 'read', row: ['pilot', jonas], method: 'GET', url: `/api/users/${jonas}/handoff` },
        { caller, action: 'read', row: ['enrollment', enrollment], method: 'GET', url: `/api/enrollments/${enrollment}` },
        { caller, action: 'read', row: ['enrollment', enrollment], method: 'GET', url: `/api/enrollments/${enrollment}/records.csv` },
        { caller, action: 'read', row: ['lessonRecord', record], method: 'GET', url: `/api/lesson-records/${record}` },
      ]),
      { caller: iris, action: 'enroll', row: ['pilot', jonas], method: 'POST', url: `/api/users/${jonas}/enrollments`, payload: { course_id: otherCourse } },
      { caller: iris, action: 'enroll', row: ['enrollment', enrollment], method: 'POST', url: `/api/enrollments/${enrollment}/move-to-latest` },
      {
        caller: iris,
        action: 'grade',
        row: ['enrollment', enrollment],
        method: 'POST',
        url: `/api/enrollments/${enrollment}/lessons`,
        payload: { lesson_key: lesson.key },
      },
      { caller: iris, action: 'grade', row: ['lessonRecord', record], method: 'PUT', url: `/api/lesson-records/${record}/grades`, payload: grades },
      { caller: iris, action: 'grade', row: ['lessonRecord', record], method: 'POST', url: `/api/lesson-records/${record}/complete`, payload: signing },
      // The student's own instructor reads the lesson he began, as does the school's admin.
      { caller: marcus, action: 'read', row: ['lessonRecord', record], method: 'GET', url: `/api/lesson-records/${record}` },
      { caller: actor('orgadmin@skyline.test'), action: 'read', row: ['lessonRecord', record], method: 'GET', url: `/api/lesson-records/${record}` },
    ];
    // A lesson Iris began for her student Stella: Ana, Stella's other instructor, did not begin it and does not grade it.
    const stellasRecord = await world.ensure(skyline, 'lessonRecord');
    cases.push({
      caller: await instructor('ana.costa@skyline.test'),
      action: 'grade',
      row: ['lessonRecord', stellasRecord],
      method: 'PUT',
      url: `/api/lesson-records/${stellasRecord}/grades`,
      payload: grades,
    });

    const statusOf: Record<RowExpectation, string> = { succeeds: '2xx', forbidden: '403', hidden: '404' };
    const digest = () => fingerprint(t, skyline);
    const failures: string[] = [];
    for (const { caller, action, row, method, url, payload } of cases) {
      const rule = await trainingExpectationOfRow(t, caller.skylogId!, action, { kind: row[0], id: row[1] });
      const before = await digest();
      const response = await t.request({ method, url, cookie: caller.cookie, ...(payload ? { payload } : {}) });
      counts['training scope'] = (counts['training scope'] ?? 0) + 1;
      const where = `${caller.name} → ${method} ${url} (${action} ${row[0]})`;
      const fail = (message: string) => failures.push(`${where}: ${message} — got ${response.statusCode} ${response.body.slice(0, 200)}`);
      checkShape(response, fail);
      const status = response.statusCode;
      const isPermissionDenied = status === 403 && (safeJson(response.body) as { message?: string } | undefined)?.message === messages.permissionDenied;
      if (isPermissionDenied) fail('refused by role: the training’s rule should have answered');
      const matches = rule === 'succeeds' ? status >= 200 && status < 300 : status === Number(statusOf[rule]);
      if (!matches) fail(`expected ${statusOf[rule]}`);
      const changed = changedTables(before, await digest()).filter((table) => trainingTables.includes(table));
      if (rule !== 'succeeds' && changed.length > 0) fail(`the refused call changed ${changed.join(', ')}`);
    }
    report(failures);
  });

  it('the super admin works across organizations: no cell refuses them by role or session; the organization switch comes last', async () => {
    await refreshLeaks();
    const superAdmin = actors.find(isSuperAdmin)!;
    const skyline = tenants.get('skyline')!;
    const harbor = tenants.get('harbor')!;
    const cells = operations
      .filter((op) => op.method !== 'GET' && !isSwitch(op))
      .flatMap((op) => [
        ...(hasPathIds(op) ? [() => runCell(superAdmin, op, 'cross', { target: harbor })] : []),
        () => runCell(superAdmin, op, 'own', { target: skyline }),
      ]);
    const failures = await runAll(cells);
    for (const op of operations.filter(isSwitch)) {
      for (const actor of actors) failures.push(...(await runCell(actor, op, 'own', { target: ownOf(actor) })));
      // The super admin switches to Harbor and back, through the operation's own body.
      failures.push(...(await runCell(superAdmin, op, 'own', { target: harbor }, 'switch to Harbor')));
      failures.push(...(await runCell(superAdmin, op, 'own', { target: skyline }, 'switch back')));
    }
    const [row] = await query<{ org_id: string }>(
      t,
      sql`select org_id::text as org_id from users where skylog_id = ${superAdmin.skylogId}`,
    );
    if (row?.org_id !== skyline.orgId) failures.push('the super admin did not end in Skyline');
    report(failures);
  });
});

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
