import type { FastifyReply } from 'fastify';

/** A file name from what a person typed: letters, digits, dot, dash and underscore, never empty. */
export function fileNameOf(name: string, fallback: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || fallback;
}

/** Sends a download: its type and a file name the browser saves it under. */
export function sendAttachment(reply: FastifyReply, file: { type: string; name: string; body: string | Buffer }) {
  return reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.body);
}
