import { listProperties, typeOf, withValueAt, type JsonSchema, type SampleContext } from './json-schema.ts';
import { urlOf, type BuiltRequest } from './requests.ts';
import type { ProbeOperation } from './route-table.ts';

/** A small seeded PRNG (mulberry32): the same cases every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

export type FuzzRequest = Pick<BuiltRequest, 'method' | 'url' | 'headers' | 'payload'>;

export type FuzzCase = {
  name: string;
  /** The property at fault, as the error's `fields` should name it (body path joined by dots, or the query/path/header name). */
  field?: string;
  /** Structural cases (the whole body, the content type) are always sent; property cases are sampled. */
  isStructural?: boolean;
  /** A raw body (track file, audio piece): sent over a real connection. */
  isRawBody?: boolean;
  request: FuzzRequest;
};

/**
 * JSON properties holding a whole file the handler reads row by row (a logbook CSV, a course file): a file refused for
 * its content answers a report of each row's problem (contracts' apiErrorSchema `rows`) rather than naming the property.
 */
export const fileProperties: Record<string, string> = {
  'POST /api/users/{skylog_id}/logbook/import': 'csv',
  'POST /api/courses/import': 'file',
};

const nul = 'a\u0000b';
const loneSurrogate = 'a\ud800b';
const hundredKb = 'x'.repeat(100_000);
/** JSON cannot say 1e309 through JSON.stringify (it writes null): put this marker and replace it in the text. */
const rawNumberMarker = '__probe_raw_1e309__';

const stringValues: [string, unknown][] = [
  ['NUL inside', nul],
  ['a lone surrogate', loneSurrogate],
  ['100 kB of text', hundredKb],
  ['an empty string', ''],
  ['whitespace only', '   '],
  ['leading and trailing whitespace', '  padded  '],
];
const wrongTypes: [string, unknown, string][] = [
  ['a number', 12345, 'number'],
  ['a boolean', true, 'boolean'],
  ['null', null, 'null'],
  ['an array', ['x'], 'array'],
  ['a nested object', { nested: { deep: 1 } }, 'object'],
  ['a string', 'not-the-type', 'string'],
];
const numberValues: [string, unknown][] = [
  ['a huge number', 9e18],
  ['a negative number', -1],
  ['a huge negative number', -1e300],
  ['a NaN-like string', 'NaN'],
  ['1e309', rawNumberMarker],
  ['a fraction', 0.5],
];
/** Percent-encoded forms for the query and the path: NUL, and a lone surrogate as its (invalid) UTF-8 bytes. */
const urlStringValues: [string, string][] = [
  ['NUL inside', 'a%00b'],
  ['a lone surrogate', 'a%ED%A0%80b'],
  ['100 kB of text', hundredKb],
  ['an empty string', ''],
  ['whitespace only', '%20%20%20'],
  ['a NaN-like string', 'NaN'],
  ['1e309', '1e309'],
  ['a negative number', '-1'],
  ['a huge number', '99999999999999999999999'],
];

const isStringSchema = (schema: JsonSchema) =>
  typeOf(schema) === 'string' || (schema.anyOf ?? schema.oneOf ?? []).some((branch) => typeOf(branch) === 'string');
const isNumberSchema = (schema: JsonSchema) =>
  ['number', 'integer'].includes(typeOf(schema) ?? '') ||
  (schema.anyOf ?? schema.oneOf ?? []).some((branch) => ['number', 'integer'].includes(typeOf(branch) ?? ''));

function jsonText(body: unknown): string {
  return JSON.stringify(body).replaceAll(`"${rawNumberMarker}"`, '1e309');
}

/** Bad inputs for one operation, built on its valid minimal request `base`. */
export function fuzzCases(op: ProbeOperation, base: BuiltRequest, ctx: SampleContext): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const withBody = (payload: string | Buffer | undefined, contentType: string | undefined) => ({
    method: base.method,
    url: base.url,
    headers: { ...base.headers, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
  const withoutContentType = () => {
    const { 'content-type': _, ...headers } = base.headers;
    return headers;
  };

  // Body properties, nested ones included.
  if (op.body) {
    for (const { path, schema, isRequired } of listProperties(op.body, 3)) {
      const field = path.join('.');
      const put = (name: string, value: unknown) =>
        cases.push({
          name: `body ${field}: ${name}`,
          field,
          request: withBody(jsonText(withValueAt(base.body, op.body, path, value, ctx)), 'application/json'),
        });
      if (isStringSchema(schema)) for (const [name, value] of stringValues) put(name, value);
      if (isNumberSchema(schema)) for (const [name, value] of numberValues) put(name, value);
      const own = typeOf(schema);
      for (const [name, value, type] of wrongTypes) {
        if (
          type === own ||
          (type === 'number' && own === 'integer') ||
          (type === 'null' && schema.nullable) ||
          (type === 'string' && isStringSchema(schema))
        )
          continue;
        put(name, value);
      }
      if (isRequired) put('missing', undefined);
    }
    const isObjectBody = typeOf(op.body) === 'object';
    if (isObjectBody) {
      cases.push({
        name: 'body: an unknown extra property',
        field: 'probe_unknown',
        isStructural: true,
        request: withBody(jsonText({ ...(base.body as object), probe_unknown: 1 }), 'application/json'),
      });
      const inner = jsonText(base.body).slice(1, -1);
      cases.push({
        name: 'body: a __proto__ key',
        isStructural: true,
        request: withBody(`{"__proto__":{"isAdmin":true,"user_type":"super_admin"}${inner ? `,${inner}` : ''}}`, 'application/json'),
      });
      cases.push({
        name: 'body: a constructor.prototype key',
        isStructural: true,
        request: withBody(`{"constructor":{"prototype":{"isAdmin":true}}${inner ? `,${inner}` : ''}}`, 'application/json'),
      });
    }
    cases.push({
      name: 'body: a JSON array',
      isStructural: true,
      request: withBody(isObjectBody ? '[1,2]' : '{"a":1}', 'application/json'),
    });
    cases.push({ name: 'body: a JSON string', isStructural: true, request: withBody('"just text"', 'application/json') });
  }

  if (op.method !== 'GET') {
    const json = base.payload !== undefined && base.headers['content-type'] === 'application/json' ? String(base.payload) : '{}';
    cases.push(
      { name: 'body: invalid JSON', isStructural: true, request: withBody('{"unterminated": ', 'application/json') },
      { name: 'body: text/plain', isStructural: true, request: withBody(json, 'text/plain') },
      {
        name: 'body: form-urlencoded',
        isStructural: true,
        request: withBody('name=probe&user_type=super_admin', 'application/x-www-form-urlencoded'),
      },
      {
        name: 'body: multipart',
        isStructural: true,
        request: withBody(
          '--probe\r\nContent-Disposition: form-data; name="name"\r\n\r\nprobe\r\n--probe--\r\n',
          'multipart/form-data; boundary=probe',
        ),
      },
      {
        name: 'no body, content-type text/plain',
        isStructural: true,
        request: { method: base.method, url: base.url, headers: { ...withoutContentType(), 'content-type': 'text/plain' } },
      },
      {
        name: 'no body, content-type application/json',
        isStructural: true,
        request: { method: base.method, url: base.url, headers: { ...withoutContentType(), 'content-type': 'application/json' } },
      },
    );
  }

  // Query properties, sent percent-encoded as a browser or a script would.
  const queryBase = new URLSearchParams(base.url.split('?')[1] ?? '');
  const pathPart = base.url.split('?')[0]!;
  const withQuery = (entries: [string, string][], drop?: string) => {
    const parts = [...queryBase.entries()]
      .filter(([key]) => key !== drop && !entries.some(([name]) => name === key))
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
    for (const [key, value] of entries) parts.push(`${key}=${value}`);
    return {
      method: base.method,
      url: parts.length > 0 ? `${pathPart}?${parts.join('&')}` : pathPart,
      headers: base.headers,
      ...(base.payload === undefined ? {} : { payload: base.payload }),
    };
  };
  for (const name of Object.keys(op.query?.properties ?? {})) {
    for (const [label, value] of urlStringValues)
      cases.push({ name: `query ${name}: ${label}`, field: name, request: withQuery([[name, value]]) });
    cases.push({
      name: `query ${name}: an array (the key twice)`,
      field: name,
      request: withQuery([
        [name, 'a'],
        [name, 'b'],
      ]),
    });
    cases.push({ name: `query ${name}: an object-like key`, request: withQuery([[`${name}[nested]`, '1']]) });
    if ((op.query?.required ?? []).includes(name))
      cases.push({ name: `query ${name}: missing`, field: name, request: withQuery([], name) });
  }
  cases.push({ name: 'query: 200 kB query string', isStructural: true, request: withQuery([['probe', 'q'.repeat(200_000)]]) });
  cases.push({
    name: 'query: 2,000 unknown parameters',
    isStructural: true,
    request: withQuery(Array.from({ length: 2000 }, (_, index) => [`p${index}`, String(index)] as [string, string])),
  });

  // Path parameters: malformed and missing rows.
  for (const { name, schema } of op.pathParams) {
    const values: [string, string][] = schema.enum
      ? [
          ['a value outside the enum', 'exe'],
          ['NUL', 'a%00b'],
          ['a lone surrogate', 'a%ED%A0%80b'],
        ]
      : [
          ['a malformed uuid', 'not-a-uuid'],
          ['NUL', 'a%00b'],
          ['a lone surrogate', 'a%ED%A0%80b'],
          ['a uuid that does not exist', '00000000-0000-4000-8000-00000000beef'],
          ['SQL', "'%20or%20'1'='1"],
          ['a path escape', '..%2F..%2Fetc%2Fpasswd'],
          ['1 kB', 'x'.repeat(1000)],
          ['an uppercase uuid that does not exist', 'ABCDEF00-0000-4000-8000-000000000000'],
        ];
    for (const [label, value] of values) {
      const query = Object.fromEntries(queryBase.entries());
      cases.push({
        name: `path ${name}: ${label}`,
        field: name,
        request: {
          method: base.method,
          url: urlOf(op, base.params, query, { [name]: value }),
          headers: base.headers,
          ...(base.payload === undefined ? {} : { payload: base.payload }),
        },
      });
    }
  }

  // Header parameters (Upload-Offset).
  for (const name of Object.keys(op.headers?.properties ?? {})) {
    for (const [label, value] of [
      ['negative', '-1'],
      ['not a number', 'abc'],
      ['1e309', '1e309'],
      ['huge', '99999999999999999999999'],
      ['empty', ''],
      ['hexadecimal', '0x10'],
      ['a fraction', '1.5'],
    ] as const) {
      cases.push({ name: `header ${name}: ${label}`, field: name, request: { ...base, headers: { ...base.headers, [name]: value } } });
    }
    const { [name]: _, ...rest } = base.headers;
    cases.push({ name: `header ${name}: missing`, field: name, request: { ...base, headers: rest } });
  }
  return cases;
}

/** Raw-body routes: what a track file or an audio piece can be instead. */
export function rawBodyCases(op: ProbeOperation, base: BuiltRequest): FuzzCase[] {
  const raw = (name: string, payload: string | Buffer, contentType: string): FuzzCase => ({
    name,
    isStructural: true,
    isRawBody: true,
    request: { method: base.method, url: base.url, headers: { ...base.headers, 'content-type': contentType }, payload },
  });
  if (op.label === 'POST /api/trips/import') {
    const trkpt =
      '<trkpt lat="37.4" lon="-122.1"><time>2026-01-01T10:00:00Z</time></trkpt><trkpt lat="37.5" lon="-122.1"><time>2026-01-01T10:01:00Z</time></trkpt>';
    const gpx = (inner: string, prolog = '') =>
      `<?xml version="1.0"?>${prolog}<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${inner}</name><trkseg>${trkpt}</trkseg></trk></gpx>`;
    return [
      raw(
        'import: XML with an external entity (XXE)',
        gpx('&xxe;', '<!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'),
        'application/gpx+xml',
      ),
      raw('import: XML with a DOCTYPE', gpx('t', '<!DOCTYPE gpx SYSTEM "http://127.0.0.1:1/gpx.dtd">'), 'application/gpx+xml'),
      raw(
        'import: XML entity expansion (billion laughs)',
        gpx(
          '&l5;',
          `<!DOCTYPE gpx [<!ENTITY l0 "ha"><!ENTITY l1 "&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;"><!ENTITY l2 "&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;"><!ENTITY l3 "&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;"><!ENTITY l4 "&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;"><!ENTITY l5 "&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;">]>`,
        ),
        'application/xml',
      ),
      raw('import: NUL inside the XML', gpx('a\u0000b'), 'application/gpx+xml'),
      raw('import: a lone surrogate inside the XML', gpx('a\ud800b'), 'application/gpx+xml'),
      raw(
        'import: invalid UTF-8',
        Buffer.concat([Buffer.from(gpx('').slice(0, 60)), Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xff, 0xfe])]),
        'application/gpx+xml',
      ),
      raw('import: truncated XML', gpx('t').slice(0, 80), 'application/gpx+xml'),
      raw('import: binary garbage', Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 37) % 256)), 'application/octet-stream'),
      raw('import: an empty body', Buffer.alloc(0), 'application/gpx+xml'),
      raw(
        'import: CSV with NUL and huge numbers',
        'time,latitude,longitude\n2026-01-01T10:00:00Z,1e309,\u0000\n2026-01-01T10:01:00Z,NaN,-1e400\n',
        'text/csv',
      ),
      raw('import: JSON instead of a file', '{"points":[]}', 'application/json'),
      raw('import: text/plain', gpx('t'), 'text/plain'),
    ];
  }
  if (op.label === 'PATCH /api/trips/{id}/audio/tus/{uploadId}') {
    return [
      raw('append: JSON instead of bytes', '{"bytes":"x"}', 'application/json'),
      raw('append: text/plain', 'bytes', 'text/plain'),
      raw('append: an empty piece', Buffer.alloc(0), 'application/offset+octet-stream'),
      raw('append: more bytes than declared', Buffer.alloc(200_000, 1), 'application/offset+octet-stream'),
    ];
  }
  return [];
}
