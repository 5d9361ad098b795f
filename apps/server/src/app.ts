import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { isRole, limits, messages, type ApiErrorBody } from '@skylog/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createEmailSender, type EmailSender } from './integrations/email/index.ts';
import { createSmsSender } from './integrations/sms/index.ts';
import { findFfmpeg } from './integrations/audio/ffmpeg-path.ts';
import { createFileStorage } from './integrations/storage/index.ts';
import { createChatNotesProvider } from './integrations/ai-notes/chat-notes-provider.ts';
import { createTranscriptionProvider } from './integrations/transcription/index.ts';
import { jobHandlers } from './jobs/definitions/index.ts';
import { enqueueJobOnce } from './jobs/job-payloads.ts';
import { startJobWorker } from './jobs/job-queue.ts';
import type { AppContext } from './lib/app-context.ts';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes.ts';
import { aircraftRoutes } from './modules/aircraft/aircraft.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { manualMarkersRoutes } from './modules/manual-markers/manual-markers.routes.ts';
import { mapRoutes } from './modules/map/map.routes.ts';
import { markersRoutes } from './modules/markers/markers.routes.ts';
import { orgsRoutes } from './modules/orgs/orgs.routes.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { trainingRoutes } from './modules/training/training.routes.ts';
import { logbookRoutes } from './modules/logbook/logbook.routes.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { debriefRoutes } from './modules/debrief/debrief.routes.ts';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes.ts';
import { sendSignInCode } from './modules/account-security/phone-factor.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { joinThroughProvider, mayJoinThroughProvider } from './modules/registration/registration.service.ts';
import { relationsRoutes } from './modules/relations/relations.routes.ts';
import { speakersRoutes } from './modules/speakers/speakers.routes.ts';
import { audioRoutes } from './modules/audio/audio.routes.ts';
import { sweepUploads } from './modules/audio/upload-sweeper.ts';
import { analysisRoutes } from './modules/analysis/analysis.routes.ts';
import { pilotProfilesRoutes } from './modules/pilot-profiles/pilot-profiles.routes.ts';
import { transcriptionRoutes } from './modules/transcription/transcription.routes.ts';
import { tripsRoutes } from './modules/trips/trips.routes.ts';
import { createListTotalsCache } from './modules/trips/list-totals.ts';
import { createTripDetailAnswers } from './modules/trips/detail-answers.ts';
import { createListAnswersCache } from './modules/trips/list-answers.ts';
import { createMeCache } from './modules/users/me-cache.ts';
import { createAircraftCache } from './modules/aircraft/aircraft-cache.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { AppError } from './lib/app-error.ts';
import { addRouteCheck, methodsOf } from './lib/route-hooks.ts';
import { createAuth } from './lib/better-auth.ts';
import { createBackgroundWork } from './lib/background-work.ts';
import { accessChangesChannel, createSessionCache } from './lib/session-cache.ts';
import { everyListener } from './lib/announced-cache.ts';
import { answerBrotliQuality } from './lib/encoded-answer.ts';
import { createBillingProvider } from './integrations/stripe/index.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { authProxyPlugin } from './plugins/auth-proxy.ts';
import { authorizationPlugin } from './plugins/authorization.ts';
import { crossSitePlugin } from './plugins/cross-site.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { createRateLimiter } from './plugins/rate-limiter.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';

export type BuildAppOptions = {
  config: AppConfig;
  database: Pick<DatabaseHandle, 'db' | 'changes'>;
  email?: EmailSender;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function answerBadAddress(reply: FastifyReply) {
  const body: ApiErrorBody = { status: 400, code: 'bad_request', message: messages.badAddress };
  return reply.status(400).type('application/json; charset=utf-8').send(body);
}

/** Builds the whole server (API, auth, web app) without listening; tests inject requests into it. */
export async function buildApp({ config, database, email }: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: limits.jsonBodyLimitBytes,
    // The router's own refusals (a path it cannot decode, a parameter over 100 characters) in the one error shape.
    frameworkErrors: (_error, _request, reply) => void answerBadAddress(reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const mailer = email ?? createEmailSender(config, (line) => app.log.info(line));
  const sms = createSmsSender({ twilio: config.sms, dataDir: config.dataDir }, (line) => app.log.info(line));
  const background = createBackgroundWork(app.log);
  // The server closes once mail already handed over has gone out.
  app.addHook('onClose', () => background.settled());
  // The callbacks run per request, once `ctx` (which holds `auth`) exists.
  const auth = createAuth(config, db, (message) => background.run('e-mail', mailer.send(message)), {
    sendSignInCode: (authId, code) => sendSignInCode(db, sms, authId, code),
    mayJoinThroughProvider: (user) => mayJoinThroughProvider(ctx, user),
    joinThroughProvider: (user, provider) => joinThroughProvider(ctx, user, provider),
  });
  const audit = createAuditService(db, app.log);
  const ctx: AppContext = {
    config,
    db,
    email: mailer,
    sms,
    auth,
    audit,
    background,
    storage: await createFileStorage(config),
    audioTools: { ffmpegPath: await findFfmpeg(config.ffmpegPath) },
    jobs: { wake: () => undefined, drain: async () => undefined },
    rateLimits: {
      // Like sign-in (per address, in the database): public school registration creates an organization each time.
      schoolRegistration: createRateLimiter(db, 'register-school', [
        { per: 'address', max: limits.schoolRegistrationsPerHour, windowSeconds: 3600 },
      ]),
      // A signed-in request that checks the password again (changing the sign-in e-mail) must not become a guessing oracle.
      passwordCheck: createRateLimiter(db, 'password-check', [
        { per: 'address+subject', max: limits.signInAttemptsPerWindow, windowSeconds: limits.signInWindowSeconds },
      ]),
    },
    transcription: createTranscriptionProvider(config.transcription),
    notesModel: config.llm ? createChatNotesProvider(config.llm) : null,
    billing: createBillingProvider(config.stripe),
    listTotals: createListTotalsCache(),
    listAnswers: createListAnswersCache(),
    tripDetails: createTripDetailAnswers(),
    me: createMeCache(),
    aircraft: createAircraftCache(),
  };
  if (!ctx.audioTools.ffmpegPath) app.log.warn('ffmpeg not found: uploaded audio cannot be processed (set FFMPEG_PATH)');
  if (config.isJobsWorker) {
    const worker = startJobWorker(db, jobHandlers(ctx), {
      // Only this process can open an embedded database: whatever it finds running was left by a dead one.
      isRunningRequeuedOnStart: !config.databaseUrl,
      // Unfinished uploads expire after a day idle; bytes nobody waits for are removed (safe on every instance at once).
      periodicTasks: [{ name: 'uploads.sweep', everyMs: 15 * 60 * 1000, run: async () => void (await sweepUploads(ctx)) }],
      onError: (error, source) => app.log.error({ err: error, ...source }, 'job failed'),
    });
    ctx.jobs = worker;
    app.addHook('onClose', () => worker.stop());
    // Analyses stored by older rules are made again after a release that changed them (see analysisVersion).
    await enqueueJobOnce(db, 'analysis.requeue-stale', {});
    worker.wake();
  }

  await app.register(errorsPlugin);
  // Answers over 1 KB go out compressed (the web app's files were compressed at build time). Brotli at
  // quality 4 costs about what gzip does per request. Request bodies are never inflated (uploads, the
  // webhook's signed body, no zip bombs): a compressed one is refused.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: limits.compressMinBytes,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: answerBrotliQuality } },
    globalDecompression: false,
  });
  // Only routes that read a body (not GET or HEAD) are asked about its encoding.
  const refuseCompressedBody = async (request: FastifyRequest) => {
    const encoding = request.headers['content-encoding'];
    if (encoding && encoding !== 'identity') throw new AppError('unsupported_media_type', messages.compressedBodyRefused);
  };
  app.addHook('onRoute', (route) => {
    if (methodsOf(route).some((method) => method !== 'GET' && method !== 'HEAD')) addRouteCheck(route, 'onRequest', refuseCompressedBody);
  });
  await app.register(securityHeadersPlugin, { isHttps: config.appUrl.startsWith('https://') });
  await app.register(crossSitePlugin, { trustedOrigins: config.trustedOrigins });
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, what the zod schemas of the operation table turn into.
      openapi: '3.1.0',
      info: { title: 'Skylog API', version: '0.1.0', description: 'Every route checks its permission on the server.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'skylog.session_token' },
          accessToken: { type: 'http', scheme: 'bearer', description: 'Personal access token (recorder app): trips and audio uploads only' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Sessions, list totals, what /api/me shows and aircraft stay in memory only while the database's announcements of their changes are heard.
  const sessionCache = createSessionCache({ maxEntries: limits.sessionCacheEntries, maxAgeMs: limits.sessionCacheMaxAgeSeconds * 1000 });
  const accessChanges = await database.changes.subscribe(accessChangesChannel, everyListener(sessionCache.listener, ctx.listTotals.listener, ctx.listAnswers.listener, ctx.me.listener, ctx.aircraft.listener));
  app.addHook('onClose', accessChanges.close);
  await app.register(sessionPlugin, { auth, db, cache: sessionCache, syncChanges: accessChanges.sync, isBillingOn: Boolean(ctx.billing) });
  await app.register(authProxyPlugin, {
    auth,
    db,
    // Guessing one password (per address and e-mail), and trying many accounts (per address). The account's
    // limit is asked first: what it refuses does not count against the address everyone behind one router shares.
    signInLimiter: createRateLimiter(db, 'sign-in', [
      { per: 'address+subject', max: limits.signInAttemptsPerWindow, windowSeconds: limits.signInWindowSeconds },
      { per: 'address', max: limits.signInAttemptsPerAddress, windowSeconds: limits.signInWindowSeconds },
    ]),
    passwordResetLimiter: createRateLimiter(db, 'password-reset', [
      { per: 'address', max: limits.passwordResetAttemptsPerWindow, windowSeconds: limits.passwordResetWindowSeconds },
    ]),
    onSignIn: async (request, { email: signInEmail, account, isSuccess, status, step, isSecondStepPending, provider, error }) => {
      await audit.record({
        actor: account && isRole(account.userType) ? { skylogId: account.skylogId, role: account.userType, orgId: account.orgId } : null,
        action: 'auth.sign-in',
        resource: 'session',
        status: isSuccess ? 'success' : 'failure',
        details: {
          email: signInEmail,
          httpStatus: status,
          step,
          ...(isSecondStepPending ? { secondStep: 'pending' } : {}),
          ...(provider ? { provider } : {}),
          ...(error ? { error } : {}),
        },
        ipAddress: request.ip,
      });
    },
    onPasswordChange: async (request, { account, isSuccess, status }) => {
      if (!isRole(account.userType)) return;
      await audit.record({
        actor: { skylogId: account.skylogId, role: account.userType, orgId: account.orgId },
        action: 'auth.change-password',
        resource: `users/${account.skylogId}`,
        status: isSuccess ? 'success' : 'failure',
        details: { httpStatus: status },
        ipAddress: request.ip,
      });
    },
  });

  // After sessionPlugin: its onRequest hook resolves request.user before the permission check runs.
  await app.register(authorizationPlugin, { audit });
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(orgsRoutes, { ctx });
  await app.register(registrationRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(peopleRoutes, { ctx });
  await app.register(relationsRoutes, { ctx });
  await app.register(aircraftRoutes, { ctx });
  await app.register(markersRoutes, { ctx });
  await app.register(tripsRoutes, { ctx });
  await app.register(mapRoutes);
  await app.register(manualMarkersRoutes, { ctx });
  await app.register(speakersRoutes, { ctx });
  await app.register(audioRoutes, { ctx });
  await app.register(accessTokensRoutes, { ctx });
  await app.register(transcriptionRoutes, { ctx });
  await app.register(billingRoutes, { ctx });
  await app.register(analysisRoutes, { ctx });
  await app.register(pilotProfilesRoutes, { ctx });
  await app.register(overviewRoutes, { ctx });
  await app.register(trainingRoutes, { ctx });
  await app.register(logbookRoutes, { ctx });
  await app.register(coursesRoutes, { ctx });
  await app.register(debriefRoutes, { ctx });
  await app.register(accountSecurityRoutes, { ctx });

  const webDist = config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: 'index.html',
      preCompressed: true,
      // One route per file of the build, listed at start: a wildcard route re-reads the folder on every
      // request to check the path's spelling (@fastify/static 10.1), ten times the cost of sending a chunk.
      // A rebuilt web app is served after a restart (`npm start` builds, then starts).
      wildcard: false,
      cacheControl: false,
      // Built assets carry a content hash in their names; the page itself must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ status: 404, code: 'not_found', message: messages.notFound });
    }
    // The web app routes on the client: every other GET serves its page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });

  return { app, ctx };
}
