import { operationList, type ApiOperation, type Operation, type OperationGroup, type OperationRequest, type OperationResult } from '@skylog/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { RequestUser } from './request-user.ts';
import { requireUser } from './require-user.ts';

/**
 * Who is calling, which operation they perform and the path they asked for: what a service needs to decide
 * and to record a refusal in the audit log, handed over in one value instead of the request itself.
 */
export type RequestScope = { actor: RequestUser; operation: ApiOperation; path: string; ip: string };

/** A public operation's scope: the caller may be signed in or not. */
export type PublicRequestScope = Omit<RequestScope, 'actor'> & { actor: RequestUser | null };

type ScopeOf<Op extends Operation> = Op['access'] extends 'public' ? PublicRequestScope : RequestScope;

/** What a handler receives: the validated parts, the scope, and the request and reply for the few that need HTTP itself. */
export type OperationCall<Op extends Operation> = OperationRequest<Op> & { scope: ScopeOf<Op>; request: FastifyRequest; reply: FastifyReply };

/**
 * A handler answers the operation's success body, which is sent with its declared status; one that sets
 * headers, streams a file or picks between statuses sends the reply itself and returns it.
 */
export type OperationHandler<Op extends Operation> = (call: OperationCall<Op>) => Promise<OperationResult<Op> | FastifyReply>;

/** One handler per operation of the group: the compiler refuses a group with an operation left unserved. */
export type OperationHandlers<Group extends OperationGroup> = { [Key in keyof Group]: OperationHandler<Group[Key]> };

/**
 * Route options an operation may need beyond its declaration: a larger body, a check before the body is read,
 * headers added to every answer (errors included) of a protocol's routes, no compression for answers always tiny.
 */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'onSend' | 'compress'>;

/** Paths where the table declares a HEAD of its own (tus): their GET must not also answer HEAD, as Fastify makes it by default. */
const pathsWithOwnHead = new Set(operationList.filter(({ operation }) => operation.method === 'HEAD').map(({ operation }) => operation.path));

/** The part of Fastify this needs; any instance (with or without the zod type provider) offers it. */
type RouteTarget = Pick<FastifyInstance, 'route'>;

/**
 * Registers a group's routes from the operation table: method, path, validation and the OpenAPI entry come
 * from the declaration, `config.operation` from its name (the authorization hook checks its roles before the
 * handler runs), and the handler receives a typed call.
 */
export function serveOperations<Group extends OperationGroup>(
  app: RouteTarget,
  tag: string,
  group: Group,
  handlers: OperationHandlers<Group>,
  extras: Partial<Record<keyof Group, RouteExtras>> = {},
): void {
  for (const key of Object.keys(group) as (keyof Group & string)[]) {
    const operation = group[key] as Operation;
    const handler = handlers[key] as unknown as OperationHandler<Operation>;
    const statuses = Object.keys(operation.responses).map(Number);
    const successStatus = statuses.find((status) => status !== 304) ?? 200;
    const json = jsonResponses(operation);
    app.route({
      method: operation.method,
      url: operation.path,
      // A declared HEAD is part of the API document (tus clients resume with it).
      config: { operation: operation.name as ApiOperation, ...(operation.method === 'HEAD' ? { swagger: { exposeHeadRoute: true } } : {}) },
      ...(operation.method === 'GET' && pathsWithOwnHead.has(operation.path) ? { exposeHeadRoute: false } : {}),
      schema: {
        tags: [tag],
        summary: operation.summary,
        ...(operation.hidden ? { hide: true } : {}),
        ...(operation.params ? { params: operation.params } : {}),
        ...(operation.query ? { querystring: operation.query } : {}),
        ...(operation.body ? { body: operation.body } : {}),
        ...(operation.headers ? { headers: operation.headers } : {}),
        ...(Object.keys(json).length > 0 ? { response: json } : {}),
      },
      ...extras[key],
      handler: async (request, reply) => {
        const scope = {
          actor: operation.access === 'public' ? (request.user ?? null) : requireUser(request),
          operation: operation.name as ApiOperation,
          path: request.url,
          ip: request.ip,
        };
        const result = await handler({
          params: request.params,
          query: request.query,
          body: request.body,
          // Validated against the operation's header schema when it declares one (and then typed by it).
          headers: request.headers as unknown,
          scope,
          request,
          reply,
        } as OperationCall<Operation>);
        // A handler that sent the reply itself returns it, but that never arrives here as the reply: a Fastify reply
        // is awaitable, so awaiting the handler waits for the response to end (or break off) and gives undefined.
        // Whether the response has begun is what tells.
        if (reply.sent || reply.raw.headersSent) return reply;
        return reply.status(successStatus).send(successStatus === 204 ? null : result);
      },
    });
  }
}

/** The JSON answers Fastify serializes (and the API document describes); a file's body is the handler's own. */
function jsonResponses(operation: Operation): Record<number, z.ZodType> {
  return Object.fromEntries(Object.entries(operation.responses).filter((entry): entry is [string, z.ZodType] => entry[1] !== 'file'));
}
