import { defineOperations } from '@skylog/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveOperations } from './serve-operations.ts';

const operations = defineOperations({
  download: { name: 'health.read', method: 'GET', path: '/api/download', access: 'public', summary: 'A file', responses: { 200: 'file' } },
  revalidated: {
    name: 'health.read',
    method: 'GET',
    path: '/api/revalidated',
    access: 'public',
    summary: 'A body, or 304',
    responses: { 200: z.object({ ok: z.boolean() }), 304: z.null() },
  },
});

/** A server with the two operations, and what it logs at warn level and above. */
function serve() {
  const logged: string[] = [];
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  serveOperations(app, 'test', operations, {
    download: async ({ reply }) => reply.type('text/plain').send('the file'),
    revalidated: async ({ request, reply }) => (request.headers['if-none-match'] ? reply.code(304).send() : { ok: true }),
  });
  return { app, logged };
}

describe('serveOperations', () => {
  it('sends once what a handler sent itself (a file, an empty 304), and the declared status with a returned body', async () => {
    const { app, logged } = serve();
    const file = await app.inject('/api/download');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the file');
    const unchanged = await app.inject({ url: '/api/revalidated', headers: { 'if-none-match': '"tag"' } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const body = await app.inject('/api/revalidated');
    expect(body.json()).toEqual({ ok: true });
    // Sending a reply twice answers the first and logs the second as a mistake.
    expect(logged).toEqual([]);
    await app.close();
  });
});
