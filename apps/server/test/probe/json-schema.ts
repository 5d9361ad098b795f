/** The part of JSON Schema (OpenAPI 3.0 flavour, as @fastify/swagger writes it from zod) the probe reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

export type SampleContext = {
  /**
   * The id for a uuid property (`property` is the nearest named property, `path` the whole path);
   * undefined when the property names no known kind of row (the caller reports it).
   */
  idFor: (property: string | undefined, path: string) => string | undefined;
  /** A distinctive text of at most `maxLength` characters. */
  text: (maxLength: number) => string;
  email: () => string;
  /** Explicit values for properties a generic generator cannot choose well (e.g. a role every actor may grant). */
  hint: (property: string | undefined) => unknown;
  /** Problems found while generating (unknown formats, unsatisfiable patterns, uuid properties without a kind). */
  problems: string[];
  /** Also fill optional properties (for schemas whose refinements refuse the bare minimum, e.g. "one of these"). */
  isFull?: boolean;
  resolve?: (ref: string) => JsonSchema | undefined;
};

export const typeOf = (schema: JsonSchema): string | undefined => {
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : schema.type ? [schema.type] : [];
  if (types[0]) return types[0];
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
};

/** Strings tried, in order, for a property with a `pattern` (the first that matches and fits wins). */
const patternCandidates = ['/', '#336699', '+14155550199', 'A', 'a', '1', 'N1', 'x@example.com', '123456', '2026-04-01'];

function branches(schema: JsonSchema): JsonSchema[] | undefined {
  const list = schema.anyOf ?? schema.oneOf;
  return list?.filter((branch) => branch.type !== 'null');
}

/**
 * A minimal valid value: required properties only, the lower bound of every range, `variant` picks
 * among enum values and union branches (items of one array get different ones, e.g. four marker keys).
 */
export function sampleValid(schema: JsonSchema, ctx: SampleContext, path: string[] = [], property?: string, variant = 0): unknown {
  const where = path.join('.') || '(root)';
  if (schema.$ref) {
    const target = ctx.resolve?.(schema.$ref);
    if (!target) {
      ctx.problems.push(`${where}: cannot resolve ${schema.$ref}`);
      return null;
    }
    return sampleValid(target, ctx, path, property, variant);
  }
  const hinted = ctx.hint(property);
  if (hinted !== undefined && path.at(-1) === property) return hinted;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[variant % schema.enum.length];
  const union = branches(schema);
  if (union && union.length > 0)
    return sampleValid(union[variant % union.length]!, ctx, path, property, Math.floor(variant / union.length));
  if (schema.allOf && schema.allOf.length > 0) {
    return sampleValid(Object.assign({}, ...schema.allOf) as JsonSchema, ctx, path, property, variant);
  }
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const names = ctx.isFull ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
      for (const name of names) {
        const child = schema.properties?.[name];
        if (!child) {
          ctx.problems.push(`${where}: required property ${name} has no schema`);
          continue;
        }
        value[name] = sampleValid(child, ctx, [...path, name], name, variant);
      }
      return value;
    }
    case 'array': {
      // A list of row ids (people to share with, check instructors) names one row even when it may be empty, so the
      // cell exercises that row's tenancy rather than an empty list.
      const isIdList = schema.items?.format === 'uuid';
      const count = Math.max(schema.minItems ?? 0, ctx.isFull || isIdList ? 1 : 0);
      return Array.from({ length: count }, (_, index) => sampleValid(schema.items ?? {}, ctx, [...path, String(index)], property, index));
    }
    case 'integer':
    case 'number': {
      const isInteger = typeOf(schema) === 'integer';
      let value: number;
      if (schema.minimum !== undefined) value = schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
      else if (typeof schema.exclusiveMinimum === 'number') value = schema.exclusiveMinimum + 1;
      else value = Math.min(1, schema.maximum ?? 1);
      return isInteger ? Math.ceil(value) : value;
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema, ctx, path, property);
    default:
      // No type (e.g. `z.unknown()`): any JSON is valid.
      return null;
  }
}

function sampleString(schema: JsonSchema, ctx: SampleContext, path: string[], property: string | undefined): string {
  const where = path.join('.') || '(root)';
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  // Ids that are not uuids (Stripe's cus_…): named by their property in the same id table.
  if (schema.format !== 'uuid') {
    const id = ctx.idFor(property, where);
    if (id) return id;
  }
  switch (schema.format) {
    case 'uuid': {
      const id = ctx.idFor(property, where);
      if (id) return id;
      ctx.problems.push(`${where}: a uuid property the probe's id table does not know (${property ?? 'unnamed'}); extend bodyIdKinds`);
      return '00000000-0000-4000-8000-000000000000';
    }
    case 'email':
      return ctx.email();
    case 'date-time':
      return '2026-04-01T10:00:00.000Z';
    case 'date':
      return '2026-04-01';
    case undefined:
    case 'starts_with':
    case 'regex':
      break;
    default:
      if (!schema.pattern) ctx.problems.push(`${where}: string format ${schema.format} is not generated by the probe`);
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const tagged = ctx
      .text(maxLength)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    const found = [tagged, ...patternCandidates].find((candidate) => fits(candidate) && pattern.test(candidate));
    if (found !== undefined) return found;
    ctx.problems.push(`${where}: no candidate matches /${schema.pattern}/; extend patternCandidates`);
    return 'x'.repeat(Math.max(minLength, 1));
  }
  let value = ctx.text(maxLength);
  while (value.length < minLength) value += '-probe';
  return value.slice(0, maxLength);
}

export type PropertyPath = { path: string[]; schema: JsonSchema; isRequired: boolean };

/** Every property of a schema, nested objects and the first item of arrays included, to `depth` levels. */
export function listProperties(schema: JsonSchema | undefined, depth = 3, prefix: string[] = []): PropertyPath[] {
  if (!schema || depth === 0) return [];
  const type = typeOf(schema);
  if (type === 'array' && schema.items) {
    const itemPath = [...prefix, '0'];
    return [
      ...(typeOf(schema.items) === 'object' ? [] : [{ path: itemPath, schema: schema.items, isRequired: true }]),
      ...listProperties(schema.items, depth - 1, itemPath),
    ];
  }
  if (type !== 'object' || !schema.properties) {
    const union = branches(schema);
    const objectBranch = union?.find((branch) => typeOf(branch) === 'object');
    return objectBranch ? listProperties(objectBranch, depth, prefix) : [];
  }
  return Object.entries(schema.properties).flatMap(([name, child]) => [
    { path: [...prefix, name], schema: child, isRequired: (schema.required ?? []).includes(name) },
    ...listProperties(child, depth - 1, [...prefix, name]),
  ]);
}

/** The schema at `path` (array indexes step into items). */
export function schemaAt(schema: JsonSchema | undefined, path: readonly string[]): JsonSchema | undefined {
  let current = schema;
  for (const step of path) {
    if (!current) return undefined;
    const union = branches(current);
    if (union && !current.properties && !current.items)
      current = union.find((branch) => typeOf(branch) === 'object' || typeOf(branch) === 'array');
    if (!current) return undefined;
    current = /^\d+$/.test(step) && current.items ? current.items : current.properties?.[step];
  }
  return current;
}

/**
 * A copy of `root` with `value` at `path` (`undefined` removes it). Missing containers on the way
 * are made valid from their schemas, so only the one property is wrong.
 */
export function withValueAt(
  root: unknown,
  rootSchema: JsonSchema | undefined,
  path: readonly string[],
  value: unknown,
  ctx: SampleContext,
): unknown {
  const copy = structuredClone(root) as Record<string, unknown> | unknown[];
  let container: Record<string, unknown> | unknown[] = copy;
  for (const [index, step] of path.entries()) {
    const isLast = index === path.length - 1;
    const key = Array.isArray(container) ? Number(step) : step;
    if (isLast) {
      if (value === undefined) {
        if (Array.isArray(container)) container.splice(key as number, 1);
        else delete container[key as string];
      } else {
        (container as Record<string | number, unknown>)[key] = value;
      }
      break;
    }
    let next = (container as Record<string | number, unknown>)[key];
    if (next === null || typeof next !== 'object') {
      const childSchema = schemaAt(rootSchema, path.slice(0, index + 1)) ?? {};
      next = sampleValid(childSchema, ctx, path.slice(0, index + 1) as string[], /^\d+$/.test(step) ? undefined : step);
      if (Array.isArray(next) && next.length === 0 && /^\d+$/.test(path[index + 1] ?? '')) {
        next = [sampleValid(childSchema.items ?? {}, ctx, [...path.slice(0, index + 1), '0'] as string[], step)];
      }
      (container as Record<string | number, unknown>)[key] = next;
    }
    container = next as Record<string, unknown> | unknown[];
  }
  return copy;
}
