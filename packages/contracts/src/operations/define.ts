import type { z } from 'zod';
import type { Role } from '../roles.ts';

/** Who may call an API operation. `authenticated` operations check scope in their service. */
export type ApiAccess = 'public' | 'authenticated' | readonly Role[];

/**
 * Whether an operation's access admits a role at all (the server still checks scope per row). It lives here,
 * apart from the derived `apiAccess` table, so the web can ask it without loading the operation table.
 */
export function accessAdmits(access: ApiAccess, role: Role): boolean {
  return access === 'public' || access === 'authenticated' || access.includes(role);
}

/** HEAD and OPTIONS are declared only where a protocol needs them of their own (tus): Fastify answers the rest. */
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What an operation answers on success, by status. A zod schema is a JSON body; `file` is a body the
 * operation writes itself (a download, an audio stream, an export), which the typed client hands back as
 * the fetch `Response`.
 */
export type OperationResponses = Readonly<Partial<Record<200 | 201 | 202 | 204 | 206 | 304, z.ZodType | 'file'>>>;

/**
 * One API operation, declared once: the server registers its route from this (method, path, validation,
 * OpenAPI, the roles checked before the handler), the web calls it through the typed client built from it,
 * and the probe tests walk it.
 *
 * `name` is the access and audit name (`trips.read`): several routes may perform the same operation (the
 * trip and its full track are both `trips.read`), and then they must declare the same `access`.
 */
export type Operation = {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly access: ApiAccess;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers a protocol carries its values in (tus's Upload-Offset); the web client sends none. */
  readonly headers?: z.ZodType;
  readonly responses: OperationResponses;
  /** Kept out of the published API document (a provider's callback, an internal step). */
  readonly hidden?: boolean;
  /**
   * The first element of the web's query key when it is not the group: a cache that another group's
   * changes must not refresh (crew choices are not under trips).
   */
  readonly cacheRoot?: string;
};

/** A group of operations as written in its file: one object per operation, keyed by the client's method name. */
export type OperationGroup = Readonly<Record<string, Operation>>;

/**
 * Checks a group against `Operation` while keeping each operation's literal types (its name, method and
 * schemas), which the server's handlers and the web client are typed from.
 */
export function defineOperations<const Group extends OperationGroup>(group: Group): Group {
  return group;
}

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;

/** What a caller sends: only the parts the operation declares, each as its schema accepts it before parsing. */
export type OperationInput<Op extends Operation> = (Op['params'] extends z.ZodType ? { params: Input<Op['params']> } : unknown) &
  (Op['query'] extends z.ZodType ? { query: Input<Op['query']> } : unknown) &
  (Op['body'] extends z.ZodType ? { body: Input<Op['body']> } : unknown);

/** What a handler receives: the same parts after validation. */
export type OperationRequest<Op extends Operation> = {
  params: Op['params'] extends z.ZodType ? Output<Op['params']> : undefined;
  query: Op['query'] extends z.ZodType ? Output<Op['query']> : undefined;
  body: Op['body'] extends z.ZodType ? Output<Op['body']> : undefined;
  headers: Op['headers'] extends z.ZodType ? Output<Op['headers']> : undefined;
};

type SuccessStatus<Op extends Operation> = Exclude<keyof Op['responses'], 304> & number;

/**
 * The success body of a JSON operation; `undefined` for 204; for one that writes a file, `File`: what the
 * side reading it holds (the web client's fetch `Response`).
 */
export type OperationResult<Op extends Operation, File = never> = {
  [Status in SuccessStatus<Op>]: Op['responses'][Status] extends 'file'
    ? File
    : Op['responses'][Status] extends z.ZodType
      ? Status extends 204
        ? undefined
        : Output<Op['responses'][Status]>
      : never;
}[SuccessStatus<Op>];

/** Whether the operation has no parts to send, so the client's input may be left out. */
export type HasNoInput<Op extends Operation> = Op['params'] extends z.ZodType
  ? false
  : Op['query'] extends z.ZodType
    ? false
    : Op['body'] extends z.ZodType
      ? false
      : true;

/** The path with its `:name` parameters filled in, each encoded. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Path ${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
