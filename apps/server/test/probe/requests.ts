import { stripeLocalCatalogue } from '../../scripts/stripe-local/catalogue.ts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { demoPassword, type TestApp } from '../helper.ts';
import { gpxOf, straightTrack, tusVersionHeaders, uploadContentType, uploadMetadata } from '../trips-helper.ts';
import { listProperties, sampleValid, type JsonSchema, type SampleContext } from './json-schema.ts';
import type { ProbeOperation } from './route-table.ts';
import {
  bodyIdKind,
  firstFlightLesson,
  pathIdKinds,
  probeCourseTemplate,
  probePassingGrade,
  routePathIdKinds,
  type Actor,
  type IdKind,
  type Tenant,
  type World,
} from './tenants.ts';

/** A day a year from now: an instructor certificate still in force when the probe runs (docs/product.md "Logbook"). */
const inForce = new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10);

/**
 * Values a generic generator cannot choose well: a role every inviting actor may grant, the demo
 * accounts' password where a route asks for the caller's current one, and a certificate not expired.
 */
// priceId: a plan of the local Stripe's catalogue, so the org admin's checkout reaches the handler; price_id: the item
// sold once (the recorder cable), which is what a purchase names (a plan change names a price only when asked to).
const valueHints: Record<string, unknown> = {
  user_type: 'student',
  password: demoPassword,
  priceId: stripeLocalCatalogue.prices.basicMonthly,
  price_id: stripeLocalCatalogue.prices.cable,
  certificate_expires: inForce,
};

/** The probe's lesson: every probe course copies one template, so its first flight lesson and grades are known. */
const probeLesson = firstFlightLesson(probeCourseTemplate.content);

/**
 * A course file of one stage, one lesson and two items, in the CSV layout docs/product.md "Lessons and grading"
 * imports (a row per item, its lesson and stage named on every row).
 */
const probeCourseCsv = [
  'stage_key,stage_title,lesson_key,lesson_title,lesson_kind,planned_hours,stage_check,item_key,task_code,item_title,item_kind,required_grade,required',
  `s1,Stage 1,a1,Air work,flight,1.2,no,a1-1,PA.V.A,,flight,${probePassingGrade},yes`,
  `s1,Stage 1,a1,Air work,flight,1.2,no,a1-2,,Briefing,ground,${probePassingGrade},no`,
].join('\r\n');

/**
 * Optional JSON body properties the probe sends anyway, and values the generator cannot guess, because the handler
 * needs them for the minimal request to succeed: the instructor's password again before signing (AC 120-78), the
 * aircraft the first endorsement names, a logbook or course file the import reads (the generator's text is no CSV),
 * a shipped template to copy, and the probe's lesson with a grade on its course's scale. The fuzzer still changes each.
 */
export const bodyValues: Record<string, Record<string, unknown>> = {
  'POST /api/logbook/{id}/signature': { password: demoPassword },
  'POST /api/users/{skylog_id}/endorsements': { password: demoPassword, aircraft_make_model: 'Cessna 172S' },
  'POST /api/users/{skylog_id}/logbook/import': {
    layout: 'myflightbook',
    csv: 'Date,Total Flight Time,Category/Class\r\n2026-02-01,1.2,ASEL\r\n',
  },
  'POST /api/courses': { template_key: probeCourseTemplate.key },
  'POST /api/courses/import': { format: 'csv', part: probeCourseTemplate.part, scale: probeCourseTemplate.scale, file: probeCourseCsv },
  'POST /api/enrollments/{id}/lessons': { lesson_key: probeLesson.key },
  'PUT /api/lesson-records/{id}/grades': { grades: [{ item_key: probeLesson.items[0]!.key, grade: probePassingGrade }] },
  'POST /api/lesson-records/{id}/complete': { password: demoPassword },
};

/**
 * Routes whose request a JSON schema cannot describe: raw bodies. A cell of a route that reads a raw
 * body and has no entry here answers 400 to the org admin, which the matrix reports.
 */
export const requestOverrides: Record<
  string,
  (target: Tenant) => { query?: Record<string, string>; headers?: Record<string, string>; payload?: string | Buffer }
> = {
  'POST /api/trips/import': () => ({
    query: { filename: 'probe.gpx' },
    headers: { 'content-type': 'application/gpx+xml' },
    payload: gpxOf(straightTrack({ start: Date.parse('2026-02-01T10:00:00Z'), count: 5 })),
  }),
  // The schema asks for one of two changes; the probe keeps the plan (a plan change twice would be refused as the same plan).
  // Turning it on needs the caller's own authenticator app (a 400 for the probe's admins); off changes nothing.
  'PUT /api/orgs/{id}/sign-in-policy': () => ({ payload: JSON.stringify({ require_admin_two_factor: false }) }),
  'PATCH /api/billing/subscription': () => ({ payload: JSON.stringify({ cancel_at_period_end: false }) }),
  // tus 1.0: the recording's size and name in headers, then its bytes at the offset the server has.
  'POST /api/trips/{id}/audio/tus': () => ({
    headers: { ...tusVersionHeaders, 'upload-length': '100000', 'upload-metadata': uploadMetadata({ filename: 'probe.ogg' }) },
  }),
  'PATCH /api/trips/{id}/audio/tus/{uploadId}': () => ({
    headers: { ...tusVersionHeaders, 'content-type': uploadContentType, 'upload-offset': '0' },
    payload: Buffer.from('OggS'),
  }),
};

export type BuiltRequest = {
  method: ProbeOperation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was generated, before serialisation (the fuzzer mutates these). */
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The kinds of rows the request names (path and body), for `ensure`. */
  names: { kind: IdKind; tenant: Tenant }[];
  problems: string[];
};

export type RequestPlan = {
  /** The organization whose rows the path, body and query name. */
  target: Tenant;
  /** Id properties set to another organization's row instead (`['body', 'aircraft_id']`, `['query', 'org_id']`). */
  cross?: { path: string[]; kind: IdKind; tenant: Tenant }[];
};

export function pathIdKindOf(op: ProbeOperation, name: string): IdKind | undefined {
  const segments = op.path.split('/');
  const index = segments.indexOf(`{${name}}`);
  return routePathIdKinds[op.path]?.[name] ?? pathIdKinds[`${segments[index - 1]}/{${name}}`];
}

/** A generator context whose ids come from `tenant` and whose texts carry its tag. */
export function sampleContext(world: World, op: ProbeOperation, tenant: Tenant, names: BuiltRequest['names']): SampleContext {
  return {
    idFor: (property) => {
      const kind = bodyIdKind(op.label, property);
      if (!kind) return undefined;
      names.push({ kind, tenant });
      return kind === 'org' ? tenant.orgId : (tenant.ids[kind] ?? '00000000-0000-4000-8000-000000000000');
    },
    text: (maxLength) => {
      const value = `${tenant.tag}-${world.nextCounter()}`;
      return value.length <= maxLength ? value : `${tenant.tag.slice(0, 2)}${world.nextCounter()}`.slice(-maxLength);
    },
    email: () => `probe.${world.nextCounter()}@${tenant.key}.probe`,
    hint: (property) => (property === undefined ? undefined : valueHints[property]),
    problems: [],
  };
}

export function setPath(root: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) }) as Record<string, unknown>;
  const [head, ...rest] = path;
  copy[head!] = setPath(copy[head!] ?? (/^\d+$/.test(rest[0] ?? '') ? [] : {}), rest, value);
  return copy;
}

/**
 * A minimal valid request for `op` whose path names `plan.target`'s rows: required properties only
 * or, when the route's schema refuses that (a refinement such as "name one of these"), every property.
 */
export function buildRequest(world: World, op: ProbeOperation, plan: RequestPlan): BuiltRequest {
  const minimal = buildRequestOf(world, op, plan, false);
  if (minimal.problems.length > 0 || schemaProblems(op, minimal).length === 0) return minimal;
  const full = buildRequestOf(world, op, plan, true);
  return full.problems.length === 0 && schemaProblems(op, full).length === 0 ? full : minimal;
}

function buildRequestOf(world: World, op: ProbeOperation, plan: RequestPlan, isFull: boolean): BuiltRequest {
  const names: BuiltRequest['names'] = [];
  const problems: string[] = [];
  const ctx = { ...sampleContext(world, op, plan.target, names), isFull };

  const params: Record<string, string> = {};
  for (const { name, schema } of op.pathParams) {
    if (schema.enum && schema.enum.length > 0) {
      params[name] = String(schema.enum[0]);
      continue;
    }
    const kind = pathIdKindOf(op, name);
    if (!kind) {
      problems.push(`${op.label}: path parameter {${name}} is not in the probe's pathIdKinds table; add it (and how to make such a row)`);
      params[name] = '00000000-0000-4000-8000-000000000000';
      continue;
    }
    names.push({ kind, tenant: plan.target });
    params[name] = kind === 'org' ? plan.target.orgId : (plan.target.ids[kind] ?? '00000000-0000-4000-8000-000000000000');
  }

  let query = (op.query ? sampleValid(op.query, ctx) : {}) as Record<string, unknown>;
  let headers = Object.fromEntries(
    Object.entries((op.headers ? sampleValid(op.headers, ctx) : {}) as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
  );
  let body = op.body ? sampleValid(op.body, ctx) : undefined;
  const values = bodyValues[op.label];
  if (values) body = { ...(body as Record<string, unknown>), ...values };
  for (const { path, kind, tenant } of plan.cross ?? []) {
    names.push({ kind, tenant });
    const id = kind === 'org' ? tenant.orgId : (tenant.ids[kind] ?? '00000000-0000-4000-8000-000000000000');
    const [part, ...rest] = path;
    if (part === 'query') query = setPath(query, rest, id) as Record<string, unknown>;
    else body = setPath(body, rest, id);
  }
  problems.push(...ctx.problems.map((problem) => `${op.label}: ${problem}`));

  const override = requestOverrides[`${op.method} ${op.path}`]?.(plan.target);
  if (override?.query) query = { ...query, ...override.query };
  if (override?.headers) headers = { ...headers, ...override.headers };
  const payload = override?.payload ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined && !override?.headers?.['content-type']) headers['content-type'] = 'application/json';

  return { method: op.method, url: urlOf(op, params, query), headers, payload, params, query, body, names, problems };
}

export function urlOf(
  op: ProbeOperation,
  params: Record<string, string>,
  query: Record<string, unknown>,
  rawParams: Record<string, string> = {},
): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => rawParams[name] ?? encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Problems the route's own zod schemas find in a generated request (the generator, not the server, is wrong then). */
export function schemaProblems(op: ProbeOperation, request: BuiltRequest): string[] {
  const problems: string[] = [];
  const check = (part: string, schema: ProbeOperation['zod'][keyof ProbeOperation['zod']], value: unknown) => {
    if (!schema) return;
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error?.issues ?? []) problems.push(`${part}.${issue.path.map(String).join('.')}: ${issue.message}`);
    }
  };
  check('params', op.zod.params, request.params);
  const parsedQuery = Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? ''));
  check('query', op.zod.querystring, parsedQuery);
  check('headers', op.zod.headers, request.headers);
  if (request.payload !== undefined && request.headers['content-type'] === 'application/json') check('body', op.zod.body, request.body);
  return problems;
}

/** Sends a request as an actor (session cookie, access token or nobody). */
export function send(
  t: TestApp,
  actor: Actor,
  request: Pick<BuiltRequest, 'method' | 'url' | 'headers' | 'payload'>,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (actor.token) headers.authorization = `Bearer ${actor.token}`;
  return t.request({
    method: request.method,
    url: request.url,
    cookie: actor.cookie,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...extra,
  });
}

const isUuidSchema = (schema: JsonSchema): boolean =>
  schema.format === 'uuid' || (schema.anyOf ?? schema.oneOf ?? []).some((branch) => branch.format === 'uuid');

/** Every uuid property of an operation's query and body, with the kind of row it names (undefined: not in the table). */
export function idProperties(op: ProbeOperation): { path: string[]; property: string; kind: IdKind | undefined }[] {
  const found: { path: string[]; property: string; kind: IdKind | undefined }[] = [];
  for (const [part, schema, depth] of [
    ['query', op.query, 1],
    ['body', op.body, 3],
  ] as const) {
    for (const { path, schema: child } of listProperties(schema, depth)) {
      if (!isUuidSchema(child)) continue;
      const property = [...path].reverse().find((step) => !/^\d+$/.test(step)) ?? '';
      found.push({ path: [part, ...path], property, kind: bodyIdKind(op.label, property) });
    }
  }
  return found;
}
