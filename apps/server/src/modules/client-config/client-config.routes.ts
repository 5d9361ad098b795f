import { clientConfigSchema } from '@skylog/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.ts';

/** What the web app needs to know of the server's configuration (never a secret). */
export const clientConfigRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  app.get(
    '/api/client-config',
    { config: { operation: 'client-config.read' }, schema: { tags: ['health'], summary: 'Map tiles, upload limits and whether billing is on, for the web app', response: { 200: clientConfigSchema } } },
    async () => ({
      map_tile_url: config.mapTileUrl ?? null,
      map_attribution: config.mapAttribution ?? null,
      audio_upload_max_bytes: config.audioUploadMaxBytes,
      track_file_max_bytes: config.trackFileMaxBytes,
      // No payment provider (Stripe) can be configured yet, so billing is off and everyone counts as paid.
      billing_enabled: false,
    }),
  );
};
