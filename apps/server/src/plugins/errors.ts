import { limits, messages, uploadTooLargeMessage, type ApiErrorBody } from '@skylog/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

function send(reply: FastifyReply, body: ApiErrorBody) {
  // Refused before the body was read to its end (an upload piece longer than declared): the rest of it
  // is still on the wire, so the connection cannot carry another request; close it after answering.
  if (!reply.request.raw.complete) reply.header('connection', 'close');
  return reply.status(body.status).type('application/json; charset=utf-8').send(body);
}

/** The field names an issue is about: its path, or each unknown key reported on the object itself. */
function fieldNames(instancePath: string, params: unknown): string[] {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (fromPath) return [fromPath];
  const keys = (params as { keys?: unknown } | undefined)?.keys;
  return Array.isArray(keys) && keys.length > 0 ? keys.map(String) : ['body'];
}

/** One error shape for every failure; input problems are 4xx with per-field messages, never 500. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, {
        status: error.status,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.rows ? { rows: error.rows } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        for (const name of fieldNames(issue.instancePath, issue.params)) {
          fields[name] ??= issue.keyword === 'unrecognized_keys' ? `Unknown field: ${name}` : (issue.message ?? messages.invalidInput);
        }
      }
      const first = Object.values(fields)[0];
      return send(reply, { status: 400, code: 'validation_error', message: first ?? messages.invalidInput, fields });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, { status: 400, code: 'invalid_json', message: messages.invalidJson });
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        // File routes carry their own, larger limit: name it, as for a declared size.
        const routeLimit = request.routeOptions.bodyLimit;
        const message = routeLimit && routeLimit > limits.jsonBodyLimitBytes ? uploadTooLargeMessage(routeLimit) : messages.bodyTooLarge;
        return send(reply, { status: 413, code: 'body_too_large', message });
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, { status: 415, code: 'unsupported_media_type', message: messages.unsupportedMediaType });
      default:
        break;
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.statusCode === 403 ? 'forbidden' : error.statusCode === 404 ? 'not_found' : 'bad_request';
      return send(reply, { status: error.statusCode, code, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, { status: 500, code: 'internal_error', message: messages.unknownError });
  });
});
