import {
  accessTokenOperations,
  canCallOperation,
  courseTemplateByKey,
  gradingScales,
  type ApiOperation,
  type CourseContent,
  type CourseLesson,
  type Role,
} from '@skylog/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { stripeLocalCatalogue } from '../../scripts/stripe-local/catalogue.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../../scripts/stripe-local/fake-stripe-server.ts';
import { createTestApp, demoPassword, query, skylogIdOf, tokenFromOutbox, type TestApp } from '../helper.ts';
import { sessions } from '../people-helper.ts';
import { straightTrack, tusVersionHeaders, uploadMetadata } from '../trips-helper.ts';

/** Every kind of row a path parameter or an id property can name. */
export const idKinds = [
  'org',
  'subOrg',
  'person',
  'student',
  'instructor',
  'trip',
  'marker',
  // An upload is named under its own flight's URL: the flight it was started on.
  'uploadTrip',
  'upload',
  'aircraft',
  'invitation',
  'invitationToken',
  'accessToken',
  'alert',
  // A person's own sign-in factor and session (Account security): the fixtures are the tenant's student's.
  'factor',
  'session',
  'identity',
  // Stripe's objects of the organization's billing (the local Stripe-compatible server holds them).
  'customer',
  'subscription',
  'invoice',
  'checkoutSession',
  // A plan of the catalogue: the same for every organization.
  'product',
  // The logbook's pilot: the tenant's student (their linked instructor, if any, signs), their entry and endorsement request.
  'pilot',
  'logbookEntry',
  'endorsementRequest',
  // A course of the organization nobody is enrolled on yet (so enrolling the pilot on it can succeed), the pilot's
  // enrolment (on an older revision than the course's newest, so it can be moved) and a lesson being graded on it.
  'course',
  'enrollment',
  'lessonRecord',
] as const;
export type IdKind = (typeof idKinds)[number];

/**
 * Path parameters by the segment before them (`users/{skylog_id}`). A route with a parameter not
 * listed here fails the probe: extend this table (and `createRow`) when adding one.
 */
export const pathIdKinds: Record<string, IdKind> = {
  'users/{skylog_id}': 'person',
  'orgs/{id}': 'org',
  'sub-orgs/{id}': 'subOrg',
  'invitations/{id}': 'invitation',
  'invitations/{token}': 'invitationToken',
  'alerts/{id}': 'alert',
  'aircraft/{id}': 'aircraft',
  'trips/{id}': 'trip',
  'manual-markers/{id}': 'marker',
  'tus/{uploadId}': 'upload',
  'access-tokens/{id}': 'accessToken',
  'factors/{id}': 'factor',
  'sessions/{id}': 'session',
  'identities/{id}': 'identity',
  'products/{productId}': 'product',
  'checkout-sessions/{id}': 'checkoutSession',
  'subscriptions/{id}': 'subscription',
  'invoices/{id}': 'invoice',
  'logbook/{id}': 'logbookEntry',
  'endorsement-requests/{id}': 'endorsementRequest',
  'courses/{id}': 'course',
  'enrollments/{id}': 'enrollment',
  'lesson-records/{id}': 'lessonRecord',
};

/** Path parameters whose kind depends on the route (by its OpenAPI path and the parameter's name). */
export const routePathIdKinds: Record<string, Record<string, IdKind>> = {
  '/api/trips/{id}/audio/tus/{uploadId}': { id: 'uploadTrip' },
  // A logbook is named by its pilot, the tenant's student, who has entries, a linked instructor (Skyline) and requests.
  ...Object.fromEntries(
    [
      '/api/users/{skylog_id}/logbook',
      '/api/users/{skylog_id}/logbook/verification',
      '/api/users/{skylog_id}/logbook/summary',
      '/api/users/{skylog_id}/logbook/import',
      '/api/users/{skylog_id}/logbook.csv',
      '/api/users/{skylog_id}/logbook.pdf',
      '/api/users/{skylog_id}/endorsements',
      '/api/users/{skylog_id}/endorsement-requests',
      // A student's training (docs/product.md "Lessons and grading") is the same pilot's, enrolled by their instructor.
      '/api/users/{skylog_id}/enrollments',
      '/api/users/{skylog_id}/scorecard',
      '/api/users/{skylog_id}/handoff',
      '/api/users/{skylog_id}/handoff.pdf',
    ].map((path) => [path, { skylog_id: 'pilot' as const }]),
  ),
  // An instructor's students' currency is read from the instructor's own logbook.
  '/api/users/{skylog_id}/students-currency': { skylog_id: 'instructor' },
};

/** Id properties of bodies and queries, by name (uuids, and Stripe's ids); a uuid property not listed here fails the probe. */
export const bodyIdKinds: Record<string, IdKind> = {
  org_id: 'org',
  orgId: 'org',
  customerId: 'customer',
  sub_org_id: 'subOrg',
  aircraft_id: 'aircraft',
  left_seat: 'person',
  right_seat: 'person',
  shared_with: 'person',
  pilot_id: 'person',
  user_id: 'person',
  instructor: 'instructor',
  student: 'student',
  trip_id: 'trip',
  course_id: 'course',
};

/** uuid properties whose meaning depends on the route. */
export const routeBodyIdKinds: Record<string, Record<string, IdKind>> = {
  'PATCH /api/sub-orgs': { id: 'subOrg' },
  // A phone's code challenge belongs to its factor: the tenant's factor rows stand in for it.
  'POST /api/factors/{id}/verify': { challenge_id: 'factor' },
  // The request an endorsement answers (and closes).
  'POST /api/users/{skylog_id}/endorsements': { request_id: 'endorsementRequest' },
  // The instructors who may give the course's stage checks: instructors of the course's school.
  'PUT /api/courses/{id}/check-instructors': { skylog_ids: 'instructor' },
};

export function bodyIdKind(label: string, property: string | undefined): IdKind | undefined {
  if (!property) return undefined;
  return routeBodyIdKinds[label]?.[property] ?? bodyIdKinds[property];
}

export type TenantKey = 'skyline' | 'harbor';

export type Tenant = {
  key: TenantKey;
  label: string;
  /** Prefix of every text the probe generates for this organization's rows, so leaks are recognisable. */
  tag: string;
  /** Prefix of its aircraft's tail numbers (at most 10 characters of A–Z, 0–9). */
  tailPrefix: string;
  orgId: string;
  adminEmail: string;
  /** Owns the trip, marker and upload fixtures (so the student and their token reach them), and the logbook fixtures. */
  studentEmail: string;
  /**
   * The student's linked instructor, who enrols them and begins their lessons: Skyline's instructor (an actor, so
   * the probe's instructor grades their own lesson); Harbor has none in the demo school, so the probe links one.
   */
  instructorEmail?: string;
  /** The sub-organization the person fixture belongs to (Skyline's North Field; Harbor has none). */
  homeSubOrgId: string | null;
  ids: Partial<Record<IdKind, string>>;
  invitationToken?: string;
};

export type Actor = {
  name: string;
  kind: 'session' | 'token' | 'anonymous';
  role: Role | null;
  tenant: TenantKey | null;
  skylogId: string | null;
  cookie?: string;
  token?: string;
};

export const skylineRoleAccounts = [
  'superadmin@skyline.test',
  'orgadmin@skyline.test',
  'secondary@skyline.test',
  'suborgadmin@skyline.test',
  'suborgsecondary@skyline.test',
  'instructor@skyline.test',
  'student@skyline.test',
] as const;
export const harborAccounts = ['admin@harbor.test', 'pilot@harbor.test'] as const;

/** What the probe expects of one actor calling one operation, before tenancy is considered. */
export function accessOf(actor: Actor, operation: ApiOperation, access: 'public' | 'authenticated' | readonly Role[]) {
  if (access === 'public') return 'allowed' as const;
  if (actor.kind === 'anonymous') return 'unauthenticated' as const;
  if (actor.kind === 'token' && !accessTokenOperations.includes(operation)) return 'token-refused' as const;
  return canCallOperation(actor.role!, operation) ? ('allowed' as const) : ('role-denied' as const);
}

/** Where each kind of row lives; null: at Stripe only, which the probe's cells never delete. */
const tables: Record<IdKind, { table: string; column: string; extra?: string } | null> = {
  org: { table: 'orgs', column: 'id' },
  subOrg: { table: 'sub_orgs', column: 'id' },
  person: { table: 'users', column: 'skylog_id' },
  student: { table: 'users', column: 'skylog_id' },
  instructor: { table: 'users', column: 'skylog_id', extra: "and user_type = 'instructor'" },
  trip: { table: 'trips', column: 'id' },
  uploadTrip: { table: 'trips', column: 'id' },
  marker: { table: 'manual_markers', column: 'id' },
  upload: { table: 'audio_uploads', column: 'id', extra: "and status = 'receiving'" },
  aircraft: { table: 'aircraft', column: 'id' },
  invitation: { table: 'invitations', column: 'id', extra: 'and accepted_at is null' },
  invitationToken: { table: 'invitations', column: 'id', extra: 'and accepted_at is null' },
  accessToken: { table: 'api_tokens', column: 'id', extra: 'and revoked_at is null' },
  alert: { table: 'alerts', column: 'id' },
  factor: { table: 'auth_two_factor', column: 'id' },
  session: { table: 'auth_session', column: 'id' },
  identity: { table: 'auth_account', column: 'id', extra: "and provider_id <> 'credential'" },
  customer: { table: 'billing_accounts', column: 'stripe_customer_id' },
  subscription: null,
  invoice: null,
  checkoutSession: null,
  product: null,
  pilot: { table: 'users', column: 'skylog_id' },
  logbookEntry: { table: 'logbook_entries', column: 'id' },
  endorsementRequest: { table: 'endorsement_requests', column: 'id', extra: 'and closed_at is null' },
  course: { table: 'courses', column: 'id', extra: 'and not exists (select 1 from enrollments e where e.course_id = courses.id)' },
  enrollment: {
    table: 'enrollments',
    column: 'id',
    extra: `and status = 'active' and revision_id <> (select r.id from course_revisions r where r.course_id = enrollments.course_id order by r.number desc limit 1)`,
  },
  lessonRecord: { table: 'lesson_records', column: 'id', extra: "and status = 'in-progress'" },
};

/** The shipped template every probe course copies (docs/product.md "Lessons and grading"). */
export const probeCourseTemplate = courseTemplateByKey('private-airplane-part-61')!;

const probeScale = gradingScales[probeCourseTemplate.scale];

/** The grade that meets the standard on the probe course's scale: what the probe's cells give. */
export const probePassingGrade = probeScale.passing;

/** The lesson the probe's instructors begin: the first flight lesson of the first stage, open from enrolment on. */
export function firstFlightLesson(content: CourseContent): CourseLesson {
  const lesson = content.stages[0]?.lessons.find((candidate) => candidate.kind === 'flight' && !candidate.stage_check);
  if (!lesson) throw new Error('probe fixture: the course has no flight lesson in its first stage');
  return lesson;
}

const probeStripeKey = 'sk_test_skylog_probe';

/** The probe's app: the demo school with billing on, against a local Stripe-compatible server of its own. */
export async function createProbeApp(): Promise<{ t: TestApp; stripe: FakeStripeServer; close: () => Promise<void> }> {
  const stripe = await startFakeStripeServer({ apiKey: probeStripeKey });
  const t = await createTestApp({ env: { STRIPE_SECRET_KEY: probeStripeKey, STRIPE_WEBHOOK_SECRET: 'whsec_skylog_probe', STRIPE_API_URL: stripe.url } });
  return {
    t,
    stripe,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  };
}

/**
 * The demo organizations, their fixtures (one row of every kind, made through the API by their own
 * people) and the probe's actors. `ensure` remakes a row a destructive cell removed.
 */
export function createWorld(getApp: () => TestApp, getStripe: () => FakeStripeServer) {
  const s = sessions(getApp);
  let counter = 0;
  const next = () => String((counter += 1)).padStart(4, '0');
  const tenants = new Map<TenantKey, Tenant>();
  let tripDay = 0;

  async function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
    if (response.statusCode !== status) throw new Error(`probe fixture: ${what} answered ${response.statusCode} ${response.body}`);
    return response.body ? response.json() : undefined;
  }

  async function createRow(tenant: Tenant, kind: IdKind): Promise<void> {
    const n = next();
    const admin = tenant.adminEmail;
    switch (kind) {
      case 'org':
        throw new Error(`probe fixture: the organization ${tenant.label} itself is gone`);
      case 'subOrg': {
        const body = await expectStatus(
          await s.call(admin, 'POST', '/api/sub-orgs', { name: `${tenant.tag} wing ${n}`, description: `${tenant.tag} wing notes ${n}` }),
          201,
          'POST /api/sub-orgs',
        );
        tenant.ids.subOrg = body.id;
        return;
      }
      case 'person':
      case 'student':
      case 'instructor': {
        const role = kind === 'instructor' ? 'instructor' : 'student';
        const id = await s.addPerson(admin, {
          email: `probe.${role}${n}@${tenant.key}.probe`,
          name: `${tenant.tag} ${role} ${n}`,
          user_type: role,
          sub_org_id: tenant.homeSubOrgId,
        });
        if (kind === 'instructor') tenant.ids.instructor = id;
        else {
          tenant.ids.person = id;
          tenant.ids.student = id;
        }
        return;
      }
      case 'aircraft': {
        const body = await expectStatus(
          await s.call(admin, 'POST', '/api/aircraft', { tail_number: `${tenant.tailPrefix}${n}`, call_sign: `${tenant.tag} call ${n}` }),
          201,
          'POST /api/aircraft',
        );
        tenant.ids.aircraft = body.id;
        return;
      }
      case 'trip': {
        tripDay += 1;
        const body = await expectStatus(
          await s.call(tenant.studentEmail, 'POST', '/api/trips', {
            trip_name: `${tenant.tag} sortie ${n}`,
            points: straightTrack({ start: Date.parse('2026-03-01T15:00:00Z') + tripDay * 86_400_000, count: 12 }),
          }),
          201,
          'POST /api/trips',
        );
        tenant.ids.trip = body.trip_id;
        return;
      }
      case 'marker': {
        await ensure(tenant, 'trip');
        const trip = await expectStatus(
          await s.call(tenant.studentEmail, 'GET', `/api/trips/${tenant.ids.trip}`),
          200,
          'GET /api/trips/:id',
        );
        const body = await expectStatus(
          await s.call(tenant.studentEmail, 'POST', `/api/trips/${tenant.ids.trip}/manual-markers`, {
            markerID: 2,
            timestamp: Date.parse(trip.begin_time) + 3000,
            notes: { text: `${tenant.tag} marker ${n}` },
          }),
          201,
          'POST /api/trips/:id/manual-markers',
        );
        tenant.ids.marker = body.id;
        return;
      }
      case 'uploadTrip': {
        // A trip of its own: a trip takes one unfinished upload of each person, and cells start others on the trip fixture.
        tripDay += 1;
        const trip = await expectStatus(
          await s.call(tenant.studentEmail, 'POST', '/api/trips', {
            trip_name: `${tenant.tag} audio sortie ${n}`,
            points: straightTrack({ start: Date.parse('2026-03-01T15:00:00Z') + tripDay * 86_400_000, count: 12 }),
          }),
          201,
          'POST /api/trips',
        );
        tenant.ids.uploadTrip = trip.trip_id;
        return;
      }
      case 'upload': {
        await ensure(tenant, 'uploadTrip');
        const created = await getApp().request({
          method: 'POST',
          url: `/api/trips/${tenant.ids.uploadTrip}/audio/tus`,
          cookie: await s.as(tenant.studentEmail),
          headers: { ...tusVersionHeaders, 'upload-length': '100000', 'upload-metadata': uploadMetadata({ filename: `${tenant.key}-${n}.ogg` }) },
        });
        const body = await expectStatus(created, 201, 'POST /api/trips/:id/audio/tus');
        tenant.ids.upload = body.id;
        return;
      }
      case 'invitation':
      case 'invitationToken': {
        const email = `probe.invitee${n}@${tenant.key}.probe`;
        const body = await expectStatus(
          await s.call(admin, 'POST', '/api/invitations', { email, user_type: 'student' }),
          201,
          'POST /api/invitations',
        );
        tenant.ids.invitation = body.id;
        tenant.invitationToken = await tokenFromOutbox(getApp(), email, '/auth/user-registration');
        tenant.ids.invitationToken = tenant.invitationToken;
        return;
      }
      case 'accessToken': {
        const body = await expectStatus(
          await s.call(admin, 'POST', '/api/access-tokens', { name: `${tenant.tag} token ${n}` }),
          201,
          'POST /api/access-tokens',
        );
        tenant.ids.accessToken = body.id;
        return;
      }
      case 'customer':
      case 'subscription':
      case 'invoice':
      case 'checkoutSession': {
        // The organization pays once: its customer, subscription, first invoice and the checkout that made them.
        const created = await expectStatus(
          await s.call(admin, 'POST', '/api/billing/checkout-sessions', { priceId: stripeLocalCatalogue.prices.basicMonthly, orgId: tenant.orgId }),
          201,
          'POST /api/billing/checkout-sessions',
        );
        const sessionId = created.session.id as string;
        const { subscriptionId, invoiceId } = await getStripe().completeCheckout(sessionId);
        await expectStatus(await s.call(admin, 'POST', `/api/billing/checkout-sessions/${sessionId}/confirm`), 200, 'POST /api/billing/checkout-sessions/:id/confirm');
        const [account] = await query<{ customer: string }>(getApp(), sql`select stripe_customer_id as customer from billing_accounts where org_id = ${tenant.orgId}`);
        Object.assign(tenant.ids, { customer: account!.customer, subscription: subscriptionId, invoice: invoiceId, checkoutSession: sessionId });
        return;
      }
      case 'product':
        tenant.ids.product = stripeLocalCatalogue.products.basic;
        return;
      case 'factor': {
        // Added, not confirmed: confirming would renew the student's session the probe's actor holds.
        const body = await expectStatus(
          await s.call(tenant.studentEmail, 'POST', '/api/factors', { friendly_name: `${tenant.tag} phone ${n}`, factor_type: 'totp', password: demoPassword }),
          201,
          'POST /api/factors',
        );
        tenant.ids.factor = body.id;
        return;
      }
      case 'session': {
        // A second sign-in of the student: ending it leaves the actor's own session alone.
        const cookie = await getApp().signIn(tenant.studentEmail);
        const listed = await getApp().request({ method: 'GET', url: '/api/sessions', cookie });
        tenant.ids.session = (listed.json().items as Array<{ id: string; is_current: boolean }>).find((item) => item.is_current)!.id;
        return;
      }
      case 'identity': {
        // A provider account linked to the student. The probe's app has no provider to sign in at, so the row
        // is written as better-auth's linking writes it (sign-in-providers.test.ts drives the real flow).
        const [row] = await query<{ id: string }>(
          getApp(),
          sql`insert into auth_account (id, account_id, provider_id, user_id)
              select gen_random_uuid()::text, ${`${tenant.tag}-sub-${n}`}, 'oidc', auth_id from users where email = ${tenant.studentEmail}
              returning id`,
        );
        tenant.ids.identity = row!.id;
        return;
      }
      case 'pilot':
        tenant.ids.pilot = await skylogIdOf(getApp(), tenant.studentEmail);
        return;
      case 'logbookEntry': {
        // Typed by hand by the pilot (docs/product.md "Logbook"): a session without a recording.
        const pilot = await ensure(tenant, 'pilot');
        const body = await expectStatus(
          await s.call(tenant.studentEmail, 'POST', `/api/users/${pilot}/logbook`, {
            date: '2026-03-01',
            category_class: 'airplane single-engine land',
            total_hours: 1,
            remarks: `${tenant.tag} entry ${n}`,
          }),
          201,
          'POST /api/users/:skylog_id/logbook',
        );
        tenant.ids.logbookEntry = body.id;
        return;
      }
      case 'endorsementRequest': {
        const pilot = await ensure(tenant, 'pilot');
        const body = await expectStatus(
          await s.call(tenant.studentEmail, 'POST', `/api/users/${pilot}/endorsement-requests`, {
            kind: 'solo',
            note: `${tenant.tag} request ${n}`,
          }),
          201,
          'POST /api/users/:skylog_id/endorsement-requests',
        );
        tenant.ids.endorsementRequest = body.id;
        return;
      }
      case 'course': {
        const body = await expectStatus(
          await s.call(admin, 'POST', '/api/courses', { template_key: probeCourseTemplate.key, name: `${tenant.tag} course ${n}` }),
          201,
          'POST /api/courses',
        );
        tenant.ids.course = body.id;
        return;
      }
      case 'enrollment': {
        // A course of its own (a student is enrolled once per course), changed after enrolling so the enrolment
        // stays on revision 1 of 2 and can be moved to the newest.
        const pilot = await ensure(tenant, 'pilot');
        const instructor = await linkedInstructor(tenant);
        const course = await expectStatus(
          await s.call(admin, 'POST', '/api/courses', { template_key: probeCourseTemplate.key, name: `${tenant.tag} enrolled course ${n}` }),
          201,
          'POST /api/courses',
        );
        const enrolled = await expectStatus(
          await s.call(instructor, 'POST', `/api/users/${pilot}/enrollments`, { course_id: course.id }),
          201,
          'POST /api/users/:skylog_id/enrollments',
        );
        // One lesson given and signed below the standard, so the student's lessons, rework list and scorecard hold
        // something a response could leak.
        const content = course.content as CourseContent;
        const lesson = firstFlightLesson(content);
        const given = await expectStatus(
          await s.call(instructor, 'POST', `/api/enrollments/${enrolled.id}/lessons`, { lesson_key: lesson.key }),
          201,
          'POST /api/enrollments/:id/lessons',
        );
        await expectStatus(
          await s.call(instructor, 'PUT', `/api/lesson-records/${given.id}/grades`, {
            grades: [{ item_key: lesson.items[0]!.key, grade: probeScale.unsatisfactory, remark: `${tenant.tag} remark ${n}` }],
          }),
          200,
          'PUT /api/lesson-records/:id/grades',
        );
        await expectStatus(
          await s.call(instructor, 'POST', `/api/lesson-records/${given.id}/complete`, {
            password: s.passwordOf(instructor) ?? demoPassword,
            certificate_number: `CFI ${n}`,
            certificate_expires: '2099-12-31',
          }),
          200,
          'POST /api/lesson-records/:id/complete',
        );
        await expectStatus(
          await s.call(admin, 'PATCH', `/api/courses/${course.id}`, { content: { ...content, planned_weeks: content.planned_weeks + 1 } }),
          200,
          'PATCH /api/courses/:id',
        );
        tenant.ids.enrollment = enrolled.id;
        return;
      }
      case 'lessonRecord': {
        // The instructor begins the first flight lesson of the student's course on the student's flight.
        const enrollment = await ensure(tenant, 'enrollment');
        const trip = await ensure(tenant, 'trip');
        const instructor = await linkedInstructor(tenant);
        const standing = await expectStatus(await s.call(instructor, 'GET', `/api/enrollments/${enrollment}`), 200, 'GET /api/enrollments/:id');
        const body = await expectStatus(
          await s.call(instructor, 'POST', `/api/enrollments/${enrollment}/lessons`, {
            lesson_key: firstFlightLesson(standing.content as CourseContent).key,
            trip_id: trip,
          }),
          201,
          'POST /api/enrollments/:id/lessons',
        );
        tenant.ids.lessonRecord = body.id;
        return;
      }
      case 'alert': {
        // Five role denials within the window raise a suspicious-activity alert for the organization.
        for (let attempt = 0; attempt < 5; attempt += 1) await s.call(tenant.studentEmail, 'GET', '/api/audit-log');
        const [row] = await query<{ id: string }>(
          getApp(),
          sql`select id::text as id from alerts where org_id = ${tenant.orgId} order by created_at desc limit 1`,
        );
        if (!row) throw new Error(`probe fixture: five denials raised no alert in ${tenant.label}`);
        tenant.ids.alert = row.id;
        return;
      }
    }
  }

  /** The pilot's linked instructor's e-mail; for a school whose pilot has none, an instructor the admin adds and links. */
  async function linkedInstructor(tenant: Tenant): Promise<string> {
    if (tenant.instructorEmail) return tenant.instructorEmail;
    const pilot = await ensure(tenant, 'pilot');
    const email = `probe.coach${next()}@${tenant.key}.probe`;
    const coach = await s.addPerson(tenant.adminEmail, { email, name: `${tenant.tag} coach`, user_type: 'instructor', sub_org_id: tenant.homeSubOrgId });
    await expectStatus(
      await s.call(tenant.adminEmail, 'POST', '/api/student-instructor', [{ instructor: coach, student: pilot }]),
      204,
      'POST /api/student-instructor',
    );
    tenant.instructorEmail = email;
    return email;
  }

  /** Makes sure the tenant's row of this kind still exists (a cell may have deleted it) and answers its id. */
  async function ensure(tenant: Tenant, kind: IdKind): Promise<string> {
    const id = tenant.ids[kind];
    if (kind === 'org') return tenant.orgId;
    const where = tables[kind];
    if (!where && id) return id;
    if (!where) {
      await createRow(tenant, kind);
      return tenant.ids[kind]!;
    }
    const { table, column, extra } = where;
    const lookup = kind === 'invitationToken' ? tenant.ids.invitation : id;
    if (lookup) {
      const found = await query(
        getApp(),
        sql.raw(`select 1 from ${table} where ${column}::text = '${lookup.replaceAll("'", "''")}' ${extra ?? ''}`),
      );
      if (found.length > 0) return id!;
    }
    await createRow(tenant, kind);
    return tenant.ids[kind]!;
  }

  /** Both organizations with their fixtures and every actor, or (`only`) some organizations and their people. */
  async function setUp(options: { only?: TenantKey[] } = {}): Promise<{ tenants: Map<TenantKey, Tenant>; actors: Actor[] }> {
    const isIncluded = (key: TenantKey) => !options.only || options.only.includes(key);
    const t = getApp();
    const orgs = await query<{ id: string; name: string }>(t, sql`select id::text as id, name from orgs`);
    const orgId = (name: string) => orgs.find((org) => org.name === name)!.id;
    const [north] = await query<{ id: string }>(t, sql`select id::text as id from sub_orgs where name = 'North Field'`);
    tenants.set('skyline', {
      key: 'skyline',
      label: 'Skyline',
      tag: 'skyline-probe',
      tailPrefix: 'SKP',
      orgId: orgId('Skyline Flight Academy'),
      adminEmail: 'orgadmin@skyline.test',
      studentEmail: 'student@skyline.test',
      instructorEmail: 'instructor@skyline.test',
      homeSubOrgId: north!.id,
      ids: {},
    });
    tenants.set('harbor', {
      key: 'harbor',
      label: 'Harbor',
      tag: 'harbor-probe',
      tailPrefix: 'HBP',
      orgId: orgId('Harbor Aviation'),
      adminEmail: 'admin@harbor.test',
      studentEmail: 'pilot@harbor.test',
      homeSubOrgId: null,
      ids: {},
    });
    for (const key of [...tenants.keys()]) if (!isIncluded(key)) tenants.delete(key);
    for (const tenant of tenants.values()) {
      tenant.ids.org = tenant.orgId;
      for (const kind of idKinds) await ensure(tenant, kind);
    }

    const actors: Actor[] = [];
    for (const [emails, tenant] of [
      [skylineRoleAccounts, 'skyline'],
      [harborAccounts, 'harbor'],
    ] as const) {
      if (!isIncluded(tenant)) continue;
      for (const email of emails) {
        const [row] = await query<{ user_type: Role }>(t, sql`select user_type from users where email = ${email}`);
        actors.push({
          name: email,
          kind: 'session',
          role: row!.user_type,
          tenant,
          skylogId: await skylogIdOf(t, email),
          cookie: await s.as(email),
        });
      }
    }
    actors.push({ name: 'anonymous', kind: 'anonymous', role: null, tenant: null, skylogId: null });
    for (const email of isIncluded('skyline') ? ['student@skyline.test', 'instructor@skyline.test'] : []) {
      const owner = actors.find((actor) => actor.name === email)!;
      const created = await expectStatus(
        await s.call(email, 'POST', '/api/access-tokens', { name: `recorder of ${email}` }),
        201,
        'POST /api/access-tokens',
      );
      actors.push({ ...owner, name: `access token of ${email}`, kind: 'token', cookie: undefined, token: created.token });
    }
    return { tenants, actors };
  }

  return { setUp, ensure, sessions: s, tenants, nextCounter: next };
}

export type World = ReturnType<typeof createWorld>;
