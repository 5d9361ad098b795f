import { Writable } from 'node:stream';
import { defineOperations } from '@skylog/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serveOperations } from './serve-operations.ts';

const files = defineOperations({
  download: { name: 'health.read', method: 'GET', path: '/api/file', access: 'public', summary: 'A file', responses: { 200: 'file' } },
});

/** A bare server whose warnings are kept, serving one operation that sends its own reply. */
async function serverSendingItsOwnReply() {
  const warnings: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const entry = JSON.parse(chunk.toString()) as { level: number; msg: string };
      if (entry.level >= 40) warnings.push(entry.msg);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  serveOperations(app, 'files', files, {
    download: async ({ reply }) => reply.type('text/csv; charset=utf-8').send('a,b\n1,2\n'),
  });
  await app.ready();
  return { app, warnings };
}

describe('serveOperations', () => {
  // A Fastify reply is awaitable: the handler's returned reply reaches the route as the end of the response, not
  // the reply itself, and must not be sent a second time.
  it('leaves a reply the handler sent itself as it is, and logs no second send', async () => {
    const { app, warnings } = await serverSendingItsOwnReply();
    const response = await app.inject({ method: 'GET', url: '/api/file' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).toBe('a,b\n1,2\n');
    expect(warnings).toEqual([]);
    await app.close();
  });
});
