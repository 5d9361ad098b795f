import { operations, type ClientConfig } from '@skylog/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../lib/app-context.ts';
import { serveOperations } from '../../lib/serve-operations.ts';

/** What the web app needs to know of the server's configuration (never a secret). */
export const clientConfigRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  serveOperations(app, 'health', operations.clientConfig, {
    read: async (): Promise<ClientConfig> => ({
      map_tile_url: config.mapTileUrl ?? null,
      map_attribution: config.mapAttribution ?? null,
      audio_upload_max_bytes: config.audioUploadMaxBytes,
      track_file_max_bytes: config.trackFileMaxBytes,
      // Without Stripe keys billing is off and everyone counts as paid (docs/product.md "Billing and the payment hold").
      billing_enabled: Boolean(config.stripe),
      transcription_provider: ctx.transcription?.name ?? 'none',
      ai_notes_provider: ctx.notesModel ? 'llm' : 'rules',
      sign_in_providers: config.signInProviders.map(({ id, name }) => ({ id, name })),
    }),
  });
};
