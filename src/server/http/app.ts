import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Kysely } from 'kysely';
import { type ApplicationSettings, DEFAULT_SETTINGS } from '../../core/domain/applicationSettings.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { registerGraphQL } from '../graphql/register.ts';
import { startGeoSecondary } from '../jobs/geoSecondary.ts';
import { startLdapGroupSync } from '../jobs/ldapGroupSync.ts';
import { startStatusPageSync } from '../jobs/statusPageSync.ts';
import { startVsaAggregation } from '../jobs/vsaAggregation.ts';
import { createMailer } from '../mail/mailer.ts';
import type { ServerDeps } from '../serverDeps.ts';
import { randomSecret } from '../services/auth/secrets.ts';
import { createSandboxPaymentProvider } from '../services/billing/payments/sandboxPaymentProvider.ts';
import { recordPaymentEvent } from '../services/billing/purchaseService.ts';
import type { GeoTrackingDb } from '../services/geo/geoRegistryService.ts';
import { GeoSecondary } from '../services/geo/geoSecondary.ts';
import { keepInMailbox } from '../services/members/mailboxService.ts';
import { createApplicationSettingsStore } from '../services/settings/applicationSettingsService.ts';
import { uploadStoreOf } from '../services/uploads/uploadStore.ts';
import { registerAccessRequestRoutes } from './api/accessRequestRoutes.ts';
import { registerAnalyticsRoutes } from './api/analyticsRoutes.ts';
import { registerApplicationSettingsRoutes } from './api/applicationSettingsRoutes.ts';
import { registerAwardEmojiApiRoutes } from './api/awardEmojiApiRoutes.ts';
import { registerDeploymentRoutes } from './api/deploymentRoutes.ts';
import { registerEnvironmentRoutes } from './api/environmentRoutes.ts';
import { registerEpicIssueRoutes } from './api/epicIssueRoutes.ts';
import { registerEpicLinkRoutes } from './api/epicLinkRoutes.ts';
import { registerEpicRoutes } from './api/epicRoutes.ts';
import { registerGeoApiRoutes } from './api/geoApiRoutes.ts';
import { registerGeoSiteRoutes } from './api/geoSiteRoutes.ts';
import { registerGroupRoutes } from './api/groupRoutes.ts';
import { registerInvitationRoutes } from './api/invitationRoutes.ts';
import { registerIssueActionRoutes } from './api/issueActionRoutes.ts';
import { registerIssueLinkApiRoutes } from './api/issueLinkApiRoutes.ts';
import { registerIssueListRoutes } from './api/issueListRoutes.ts';
import { registerIssueRoutes } from './api/issueRoutes.ts';
import { registerIssueTemplateRoutes } from './api/issueTemplateRoutes.ts';
import { registerLabelRoutes } from './api/labelRoutes.ts';
import { registerLdapRoutes } from './api/ldapRoutes.ts';
import { registerMemberRoutes } from './api/memberRoutes.ts';
import { registerMergeRequestActionRoutes } from './api/mergeRequestActionRoutes.ts';
import { registerMergeRequestApprovalRoutes } from './api/mergeRequestApprovalRoutes.ts';
import { registerMergeRequestListRoutes } from './api/mergeRequestListRoutes.ts';
import { registerMergeRequestRoutes } from './api/mergeRequestRoutes.ts';
import { registerMetricImageRoutes } from './api/metricImageRoutes.ts';
import { registerMilestoneAndLabelRoutes } from './api/milestoneLabelRoutes.ts';
import { registerMilestoneRoutes } from './api/milestoneRoutes.ts';
import { registerNamespaceRoutes } from './api/namespaceRoutes.ts';
import { registerNoteApiRoutes } from './api/noteApiRoutes.ts';
import { registerPersonalAccessTokenRoutes } from './api/personalAccessTokenRoutes.ts';
import { registerProjectRoutes } from './api/projectRoutes.ts';
import { registerProtectedEnvironmentRoutes } from './api/protectedEnvironmentRoutes.ts';
import { registerSearchRoutes } from './api/searchRoutes.ts';
import { registerShareRoutes } from './api/shareRoutes.ts';
import { registerTodoApiRoutes } from './api/todoApiRoutes.ts';
import { registerUploadRoutes } from './api/uploadRoutes.ts';
import { registerUserEventRoutes } from './api/userEventRoutes.ts';
import { registerUserModerationRoutes } from './api/userModerationRoutes.ts';
import { registerUserRoutes } from './api/userRoutes.ts';
import { registerUserStatusRoutes } from './api/userStatusRoutes.ts';
import { registerVulnerabilityRoutes } from './api/vulnerabilityRoutes.ts';
import { registerAuthentication } from './auth.ts';
import { registerAuthRoutes } from './authRoutes.ts';
import { registerAutocompleteRoutes } from './autocompleteRoutes.ts';
import { registerSandboxPaymentRoutes } from './billing/sandboxPaymentRoutes.ts';
import { registerSubscriptionRoutes } from './billing/subscriptionRoutes.ts';
import { registerStrictBodyParsers } from './bodyParsers.ts';
import { registerCachePolicy } from './cachePolicy.ts';
import { registerDatabaseTurns } from './databaseTurns.ts';
import { registerDescriptionVersionRoutes } from './discussions/descriptionVersionRoutes.ts';
import { registerDiscussionRoutes } from './discussions/discussionRoutes.ts';
import { registerIssuableAwardRoutes } from './discussions/issuableAwardRoutes.ts';
import { registerAutocompleteSourceRoutes } from './epicLinks/autocompleteSourceRoutes.ts';
import { registerClosingMergeRequestRoutes } from './epicLinks/closingMergeRequestRoutes.ts';
import { registerEpicTreeRoutes } from './epicLinks/epicTreeRoutes.ts';
import { registerRelatedLinkRoutes } from './epicLinks/relatedLinkRoutes.ts';
import { registerErrorHandling } from './errorHandler.ts';
import { registerGeoReplicationRoutes, registerReadOnlyGuard } from './geo/geoReplicationRoutes.ts';
import { registerGfmAutocompleteRoutes } from './gfmAutocompleteRoutes.ts';
import { registerInputGuard } from './inputGuard.ts';
import { registerInputLimits } from './inputLimits.ts';
import { registerDestroyForms } from './issuable/destroyForms.ts';
import { registerEpicIssuableRoutes } from './issuable/epicIssuableRoutes.ts';
import { registerIssueBulkUpdateRoutes } from './issuable/issueBulkUpdateRoutes.ts';
import { registerIssueIssuableRoutes } from './issuable/issueIssuableRoutes.ts';
import { registerMergeRequestIssuableRoutes } from './issuable/mergeRequestIssuableRoutes.ts';
import { registerPreviewMarkdownRoutes } from './issuable/previewMarkdownRoutes.ts';
import { registerMetricImageFileRoutes } from './metricImageFileRoutes.ts';
import { registerAdminPages } from './pages/adminPages.ts';
import { readClientAssets } from './pages/clientAssets.ts';
import { registerCreationPages } from './pages/creationPages.ts';
import { registerInvitationPages } from './pages/invitationPages.ts';
import { registerPageRoutes } from './pages/pageRoutes.ts';
import { registerProfilePages } from './pages/profilePages.ts';
import { registerProjectSettingsRoutes } from './pages/projectSettingsPages.ts';
import { registerSearchPages } from './pages/searchPages.ts';
import { THEME_BOOT_SCRIPT_HASH } from './pages/shell.ts';
import { registerTrialPages } from './pages/trialPages.ts';
import { registerUserActivityJson } from './pages/userProfilePages.ts';
import { type ApiRateLimits, registerApiRateLimit } from './rateLimit/apiRateLimit.ts';
import {
  fastifyRateLimitStore,
  MemoryRateCounter,
  type RateCounter,
  RedisRateCounter,
} from './rateLimit/rateCounter.ts';
import { registerSecurityHeaders } from './securityHeaders.ts';
import { registerTodoRoutes } from './todoRoutes.ts';
import { registerUploadFileRoutes } from './uploadFileRoutes.ts';
import { registerValueStreamAnalyticsRoutes } from './valueStreams/valueStreamAnalyticsRoutes.ts';

export interface AppOptions {
  readonly config: ServerConfig;
  readonly db: Kysely<Database>;
  /** The clock (src/server/clock.ts's systemNow); tests may fix it. */
  readonly now: () => Date;
  /** A Geo secondary's tracking database (main.ts opens it when GEO_PRIMARY_URL is set). */
  readonly geoTracking?: GeoTrackingDb | undefined;
  /**
   * Where the rate limits count: by default Redis when REDIS_URL names one, else this process's
   * memory; a worker of several processes counts in its primary (main.ts).
   */
  readonly rateCounter?: RateCounter;
  /**
   * Whether this process runs the background jobs (status pages, analytics aggregation, LDAP sync,
   * Geo replication): true unless it is one of several processes and another runs them.
   */
  readonly backgroundJobs?: boolean;
}

/** A file the client build named by its content hash (`assets/main-B9jqOP1w.js`). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.[\w.]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The whole HTTP application, without listening: tests and main both build it here. */
export async function buildApp({
  config,
  db,
  now,
  geoTracking,
  rateCounter = defaultRateCounter(config),
  backgroundJobs = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // One line per request only when asked for (LOG_LEVEL=debug); errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: 4 * 1024 * 1024,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  });
  const assets = readClientAssets(config.clientDir);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.emailFrom,
    keepInMailbox: keepInMailbox(db, now),
  });
  // The configuration's values are the settings' defaults; administrators change them at run time.
  const settings = createApplicationSettingsStore(
    db,
    {
      ...DEFAULT_SETTINGS,
      throttle_authenticated_api_requests_per_period: config.apiRateLimit.authenticated,
      throttle_unauthenticated_api_requests_per_period: config.apiRateLimit.unauthenticated,
    },
    { monotonicMs: () => performance.now() },
  );
  const deps: ServerDeps = { db, config, now, mailer, settings };

  await app.register(cookie);
  registerStrictBodyParsers(app);
  const geoSecondary = config.geo.primaryUrl !== undefined && geoTracking !== undefined;
  if (geoSecondary) registerReadOnlyGuard(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", THEME_BOOT_SCRIPT_HASH],
        'upgrade-insecure-requests': null,
      },
    },
    hsts: config.externalUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onClose', () => rateCounter.close());
  // Counted in the shared store too, and never locking everyone out when that store is down.
  await app.register(rateLimit, {
    global: false,
    store: fastifyRateLimitStore(rateCounter, 'sign-in'),
    skipOnError: true,
  });
  await app.register(fastifyStatic, {
    root: resolve(config.clientDir),
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (scripts/vitePrecompress.ts).
    preCompressed: true,
    maxAge: '1h',
    setHeaders: (response, path) => {
      // Build output under assets/ is named by its content hash: a new build is a new name.
      if (HASHED_ASSET.test(path)) response.header('cache-control', IMMUTABLE);
    },
  });

  registerErrorHandling(app, assets);
  // First of the preValidation hooks, so that everything after it runs as the request's own client.
  registerDatabaseTurns(app);
  // Malformed input first (undecodable, over-deep, values PostgreSQL cannot hold), then sizes.
  registerInputGuard(app);
  registerInputLimits(app);
  registerCachePolicy(app);
  registerAuthentication(
    app,
    db,
    now,
    geoSecondary ? (path) => path.startsWith('/api/v4/geo_replication/') : undefined,
  );
  registerApiRateLimit(app, rateCounter, async () => apiRateLimitsOf(await settings.current()));
  registerAuthRoutes(app, deps, assets, { max: config.signInRateLimit, timeWindow: '1 minute' });
  registerGroupRoutes(app, deps);
  registerNamespaceRoutes(app, deps);
  registerApplicationSettingsRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerEpicRoutes(app, deps);
  registerEpicLinkRoutes(app, deps);
  registerEpicIssueRoutes(app, deps);
  registerIssueRoutes(app, deps);
  registerIssueActionRoutes(app, deps);
  registerIssueLinkApiRoutes(app, deps);
  registerIssueTemplateRoutes(app, deps);
  registerIssueListRoutes(app, deps);
  registerMergeRequestRoutes(app, deps);
  registerMergeRequestListRoutes(app, deps);
  registerMergeRequestActionRoutes(app, deps);
  registerMergeRequestApprovalRoutes(app, deps);
  registerEnvironmentRoutes(app, deps);
  registerDeploymentRoutes(app, deps);
  registerVulnerabilityRoutes(app, deps);
  registerGeoSiteRoutes(app, deps);
  registerGeoApiRoutes(app, deps);
  registerGeoReplicationRoutes(app, deps, geoSecondary ? geoTracking : undefined);
  registerAnalyticsRoutes(app, deps);
  registerProtectedEnvironmentRoutes(app, deps);
  registerMilestoneAndLabelRoutes(app, deps);
  registerLabelRoutes(app, deps);
  registerMilestoneRoutes(app, deps);
  registerUserModerationRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerUserEventRoutes(app, deps);
  registerUserStatusRoutes(app, deps);
  registerPersonalAccessTokenRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerShareRoutes(app, deps);
  registerAccessRequestRoutes(app, deps);
  registerLdapRoutes(app, deps);
  registerTodoApiRoutes(app, deps);
  registerNoteApiRoutes(app, deps);
  registerAwardEmojiApiRoutes(app, deps);
  registerSearchRoutes(app, deps);
  await registerMetricImageRoutes(app, deps);
  await registerUploadRoutes(app, deps);
  await registerGraphQL(app, deps);
  // Unknown API routes answer as GitLab's do, before the page catch-all can take them.
  app.all('/api/*', (_request, reply) => reply.code(404).send({ error: '404 Not Found' }));
  registerAutocompleteRoutes(app, deps);
  registerEpicIssuableRoutes(app, deps);
  registerIssueIssuableRoutes(app, deps);
  registerMergeRequestIssuableRoutes(app, deps);
  registerDiscussionRoutes(app, deps);
  registerIssuableAwardRoutes(app, deps);
  registerDescriptionVersionRoutes(app, deps);
  registerDestroyForms(app, deps);
  registerIssueBulkUpdateRoutes(app, deps);
  registerEpicTreeRoutes(app, deps);
  registerRelatedLinkRoutes(app, deps);
  registerClosingMergeRequestRoutes(app, deps);
  registerValueStreamAnalyticsRoutes(app, deps);
  registerAutocompleteSourceRoutes(app, deps);
  registerGfmAutocompleteRoutes(app, deps);
  registerPreviewMarkdownRoutes(app, deps);
  registerTodoRoutes(app, deps);
  registerMetricImageFileRoutes(app, deps);
  registerUploadFileRoutes(app, deps);
  registerInvitationPages(app, { ...deps, assets });
  registerTrialPages(app, { ...deps, assets });
  // The built-in sandbox provider takes every payment: it runs here, so purchases work offline.
  const payments = createSandboxPaymentProvider(db, {
    secret: config.secretKeyBase ?? randomSecret(),
    onEvent: recordPaymentEvent(db),
  });
  registerSubscriptionRoutes(app, { ...deps, assets }, payments);
  registerSandboxPaymentRoutes(app, payments, now);
  registerProfilePages(app, { ...deps, assets }, { max: config.signInRateLimit, timeWindow: '1 minute' });
  registerUserActivityJson(app, deps);
  registerProjectSettingsRoutes(app, deps);
  registerSearchPages(app, { ...deps, assets });
  registerAdminPages(app, { ...deps, assets });
  registerCreationPages(app, { ...deps, assets });
  registerPageRoutes(app, { ...deps, assets });
  if (!backgroundJobs) return app;
  if (geoSecondary && config.geo.primaryUrl !== undefined) {
    // A secondary copies the primary's blobs; the primary's own jobs are the primary's to run.
    const log = (message: string) => app.log.warn(message);
    const secondary = new GeoSecondary({
      geo: { ...config.geo, primaryUrl: config.geo.primaryUrl },
      secretKeyBase: config.secretKeyBase ?? '',
      tracking: geoTracking,
      db,
      mainIsPostgres: config.databaseUrl !== undefined,
      store: uploadStoreOf(config),
      now,
      random: Math.random,
      log,
    });
    const replication = await startGeoSecondary(secondary, config.geo.pollMs, log);
    app.addHook('onClose', () => replication.stop());
    return app;
  }
  // Status pages publish in the background, from what the database says is published.
  const statusPageSync = startStatusPageSync(
    db,
    { externalUrl: config.externalUrl, secretKeyBase: config.secretKeyBase, now },
    (message) => app.log.warn(message),
  );
  app.addHook('onClose', () => statusPageSync.stop());
  // Value stream analytics' aggregated tables follow the changes the triggers queue.
  const vsaAggregation = startVsaAggregation(db, now, (message) => app.log.warn(message));
  app.addHook('onClose', () => vsaAggregation.stop());
  // Linked groups follow the directory hourly, when there is one.
  if (config.ldap) {
    const ldapGroupSync = startLdapGroupSync(db, config.ldap, (message) => app.log.warn(message));
    app.addHook('onClose', () => ldapGroupSync.stop());
  }
  return app;
}

function defaultRateCounter(config: ServerConfig): RateCounter {
  return config.redisUrl
    ? new RedisRateCounter(config.redisUrl, `${config.redisKeyPrefix}rate:`)
    : new MemoryRateCounter();
}

/** GitLab's throttle settings as the API rate limit reads them. */
function apiRateLimitsOf(settings: ApplicationSettings): ApiRateLimits {
  return {
    authenticated: {
      enabled: settings.throttle_authenticated_api_enabled,
      max: settings.throttle_authenticated_api_requests_per_period,
      windowMs: settings.throttle_authenticated_api_period_in_seconds * 1000,
    },
    unauthenticated: {
      enabled: settings.throttle_unauthenticated_api_enabled,
      max: settings.throttle_unauthenticated_api_requests_per_period,
      windowMs: settings.throttle_unauthenticated_api_period_in_seconds * 1000,
    },
  };
}
