import { operations } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { sendRevalidated } from '../../lib/revalidate.ts';
import { serveOperations } from '../../lib/serve-operations.ts';
import * as service from './transcription.service.ts';

export const transcriptionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  serveOperations(app, 'transcription', operations.transcription, {
    generate: async ({ scope, params }) => service.requestTranscript(ctx, scope, params.id),
    readState: async ({ scope, params }) => service.getTranscriptState(ctx, scope, params.id),
    readTranscript: async ({ scope, params, request, reply }) => sendRevalidated(request, reply, await service.getTranscript(ctx, scope, params.id)),
    list: async ({ scope, query }) => service.listTranscriptions(ctx, scope, query),
  });
};
