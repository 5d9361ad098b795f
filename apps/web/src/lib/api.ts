import { fillPath, type HasNoInput, type Operation, type OperationGroupName, type OperationInput, type OperationResult, type Operations } from '@skylog/contracts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { routes } from 'virtual:skylog-operation-routes';
import { fetchApi, readJson } from './api-client.ts';
import { withMessage } from './with-message.ts';

type CallOptions = { signal?: AbortSignal };

/** What an operation's call answers: its JSON body as the contracts declare it, or the `Response` of a file. */
export type ApiResult<Op extends Operation> = OperationResult<Op, Response>;

type Call<Op extends Operation> =
  HasNoInput<Op> extends true
    ? (input?: undefined, options?: CallOptions) => Promise<ApiResult<Op>>
    : (input: OperationInput<Op>, options?: CallOptions) => Promise<ApiResult<Op>>;

type InputArgument<Op extends Operation> = HasNoInput<Op> extends true ? [input?: undefined] : [input: OperationInput<Op>];

/** A read's failure in the screen's own words (contracts' `messages.fetch…Failed`), keeping the server's status. */
type QueryFailure = { failure?: string };

/**
 * One operation of the client: call it, or ask for its query key (`key`) or TanStack Query options (`query`),
 * both derived from the table so a read and its invalidation cannot drift apart (`query(input, { failure })`
 * words a failed read as the screen does). `key()` without an input is
 * the prefix of every query of the operation (all pages and filters of a list), to invalidate them together;
 * `url` is its address, for a download link the browser follows itself.
 */
export type ClientOperation<Op extends Operation> = Call<Op> & {
  key: (...input: InputArgument<Op> | []) => QueryKey;
  url: (...input: InputArgument<Op>) => string;
  query: (...input: [...InputArgument<Op>, QueryFailure?]) => ReturnType<typeof queryOptions<ApiResult<Op>, Error, ApiResult<Op>, QueryKey>>;
};

/** The typed client: `api.aircraft.read({ params: { id } })`, one method per operation of the contracts' table. */
export type ApiClient = { [Group in OperationGroupName]: { [Key in keyof Operations[Group]]: ClientOperation<Operations[Group][Key] & Operation> } };

type Route = { method: string; path: string; isFile: boolean; root: string };
type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } | undefined;

/** The operation's address for this input: its path with the parameters filled in, and its query string. */
export function urlOf(route: Pick<Route, 'path'>, input: AnyInput): string {
  const path = fillPath(route.path, input?.params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input?.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of [value].flat()) search.append(name, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function call(route: Route, input: AnyInput, options: CallOptions = {}): Promise<unknown> {
  const response = await fetchApi(urlOf(route, input), { method: route.method, body: input?.body, signal: options.signal });
  return route.isFile ? response : readJson(response);
}

function clientOperation(route: Route, key: string) {
  const keyOf = (input: AnyInput): QueryKey => (input === undefined ? [route.root, key] : [route.root, key, input]);
  return Object.assign((input: AnyInput, options?: CallOptions) => call(route, input, options), {
    key: keyOf,
    url: (input: AnyInput) => urlOf(route, input),
    query: (input: AnyInput, { failure }: QueryFailure = {}) =>
      queryOptions({
        queryKey: keyOf(input),
        queryFn: ({ signal }) => (failure === undefined ? call(route, input, { signal }) : withMessage(call(route, input, { signal }), failure)),
      }),
  });
}

// Built from the table's routes (build/operation-routes.ts) at start; the mapped type above is what each method
// really is: the server validates every answer against the same schemas before sending it.
export const api = Object.fromEntries(
  Object.entries(routes).map(([group, operations]) => [
    group,
    Object.fromEntries(Object.entries(operations).map(([key, route]) => [key, clientOperation(route, key)])),
  ]),
) as unknown as ApiClient;

/** The `cacheRoot`s the table declares: caches kept apart from their group's. */
type CacheRoot = {
  [Group in OperationGroupName]: { [Key in keyof Operations[Group]]: Operations[Group][Key] extends { cacheRoot: infer Root extends string } ? Root : never }[keyof Operations[Group]];
}[OperationGroupName];

/**
 * Every query read from a group of the table (or an operation's own `cacheRoot`): invalidating it refreshes
 * all of them.
 */
export const groupKey = (root: OperationGroupName | CacheRoot): QueryKey => [root];
