import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import querystring from 'node:querystring';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { PermissionCatalog } from './auth/permissions';
import type { AnyResource } from '../schema/define/resource';
import type { Config } from './config';
import type { ServerContext } from './context';
import type { DatabaseHandle } from './db';
import { housekeepingJob } from './housekeeping';
import { type AnyJob } from './jobs/define';
import { registerJobs } from './jobs';
import type { ResidentFile } from './db/residentFile';
import { registerAccessControl } from './http/access';
import { registerBodyRules } from './http/bodies';
import { errorBody, registerErrorHandling } from './http/errors';
import { type LogDestination, logAnswered, loggerOptions, registerRequestLog } from './http/logging';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerTextRule } from './http/text';
import { registerWebApp } from './http/webApp';
import { normaliseQueryKeys, registerZodValidation, toJsonSchemas } from './http/validation';
import accessRoutes from './modules/access/routes';
import accessSettingsRoutes from './modules/accessSettings/routes';
import auditRoutes from './modules/audit/routes';
import balanceRoutes from './modules/finances/balances';
import reportRoutes from './modules/reports/routes';
import authRoutes from './modules/auth/routes';
import bookOrderRoutes from './modules/bookOrders/routes';
import myLoadsRoutes from './modules/myLoads/routes';
import vehicleInspectionRoutes from './modules/vehicleInspections/routes';
import bolRoutes from './modules/vehicleInspections/bolRoutes';
import { slippedEtasJob } from './modules/tracking/notices';
import trackingRoutes from './modules/tracking/routes';
import { deliverJob, fanoutJob, sweepJob } from './modules/webhooks/jobs';
import webhookRoutes from './modules/webhooks/routes';
import listRoutes from './modules/lists/routes';
import assignmentRoutes from './modules/assignments/routes';
import { recordRoutes } from './modules/records/plugin';
import notificationRoutes from './modules/notifications/routes';
import { createHub, notifyRoutes } from './modules/notify';
import savedFilterRoutes from './modules/savedFilters/routes';
import bankRoutes from './modules/bank/routes';
import dashboardRoutes from './modules/dashboard/routes';
import documentRoutes from './modules/documents/routes';
import driverSummaryRoutes from './modules/drivers/summary';
import offBoardingRoutes from './modules/offboarding/routes';
import connectedAppRoutes from './modules/connectedApps/routes';
import accountRoutes from './modules/account/routes';
import mailRoutes from './modules/mail/routes';
import contactRoutes from './modules/contact/routes';
import chatRoutes from './modules/chat/routes';
import companyRoutes from './modules/company/routes';
import fleetOwnerRoutes from './modules/fleetOwner/routes';
import invoiceRoutes from './modules/invoices/routes';
import receivableRoutes from './modules/receivables/routes';
import accountingExportRoutes from './modules/accountingExport/routes';
import iftaRoutes from './modules/ifta/routes';
import qualificationRoutes from './modules/qualification/routes';
import { qualificationRemindersJob } from './modules/qualification/reminders';
import factoringRoutes from './modules/factoring/routes';
import vinRoutes from './modules/vin/routes';
import orderDraftRoutes from './modules/orderDrafts/routes';
import dispatchRuleRoutes from './modules/dispatchRules/routes';
import vettingRoutes from './modules/vetting/routes';
import { vettingImportJob } from './modules/vetting/uploads';
import { vettingSweepJob } from './modules/vetting/sweep';
import { registerMailIn } from './modules/orderDrafts/mailIn';
import { CompanyTimeZone } from './modules/company/timeZone';
import { type ObjectStore, createObjectStore } from './files/objectStore';
import { OrderChanges } from './modules/bookOrders/changes';
import { mailSendJob } from './modules/mail/sendJob';
import { claimRemindersJob } from './modules/claims/reminders';
import { deadlineRemindersJob } from './modules/tickets/reminders';

export const VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
export const BODY_LIMIT = 1024 * 1024;
/** The built web app (npm run build). */
/** The built web app; HAULBOARD_DIST_DIR moves it (the same variable moves `npm run build`'s output). */
export const DIST_DIR = process.env.HAULBOARD_DIST_DIR
  ? path.resolve(process.env.HAULBOARD_DIST_DIR)
  : fileURLToPath(new URL('../dist', import.meta.url));

/**
 * Origins the page may use beyond its own, opened only for what the web build was given (npm start builds and serves
 * with the same environment): push through Firebase (src/push) registers the browser with Google's endpoints, and
 * registration's reCAPTCHA (src/routes/public/Recaptcha.tsx) loads Google's script and shows its checkbox in a frame.
 */
export function thirdPartyOrigins(env: NodeJS.ProcessEnv = process.env) {
  const recaptcha = !!env.VITE_RECAPTCHA_SITE_KEY;
  return {
    script: recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [],
    frame: recaptcha ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : [],
    connect: env.VITE_FIREBASE_API_KEY
      ? ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com']
      : [],
  };
}

/**
 * The API areas, each a Fastify plugin with its own routes. Adding an area is one line here; a record resource is
 * not an area: its definition in schema/resources is served by the records plugin.
 */
const MODULES = [
  authRoutes,
  accessRoutes,
  accessSettingsRoutes,
  listRoutes,
  auditRoutes,
  bookOrderRoutes,
  myLoadsRoutes,
  vehicleInspectionRoutes,
  bolRoutes,
  trackingRoutes,
  webhookRoutes,
  savedFilterRoutes,
  notifyRoutes,
  notificationRoutes,
  assignmentRoutes,
  balanceRoutes,
  bankRoutes,
  documentRoutes,
  reportRoutes,
  dashboardRoutes,
  driverSummaryRoutes,
  offBoardingRoutes,
  connectedAppRoutes,
  accountRoutes,
  mailRoutes,
  chatRoutes,
  contactRoutes,
  companyRoutes,
  fleetOwnerRoutes,
  vinRoutes,
  invoiceRoutes,
  receivableRoutes,
  accountingExportRoutes,
  iftaRoutes,
  qualificationRoutes,
  factoringRoutes,
  orderDraftRoutes,
  dispatchRuleRoutes,
  vettingRoutes,
];

/** Work done later, once, surviving a restart (server/jobs): each job declared beside its module, listed here. */
const JOBS: readonly AnyJob[] = [
  mailSendJob,
  housekeepingJob,
  claimRemindersJob,
  deadlineRemindersJob,
  qualificationRemindersJob,
  slippedEtasJob,
  vettingImportJob,
  vettingSweepJob,
  fanoutJob,
  deliverJob,
  sweepJob,
];

/** TRUST_PROXY as Fastify takes it: a hop count becomes the function Fastify itself would make of it (its types omit numbers). */
function trustedProxies(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** SQLite: the worker keeping the file in memory, if any (server/db/residentFile.ts). */
  resident?: ResidentFile | null;
  jwtSecret: string;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
  /** Where the built web app is; tests point it elsewhere. */
  distDir?: string;
  /** Record resources served besides schema/resources (the tests' throw-away resource). */
  extraResources?: readonly AnyResource[];
  /** The company's time zone as createServer read it before seeding; by default COMPANY_TIMEZONE until the first read. */
  companyZone?: CompanyTimeZone;
  /** The object store of S3_URL, checked by createServer; built here from the config when not given. */
  files?: ObjectStore | null;
  /** Jobs run besides JOBS (the tests' own). */
  extraJobs?: readonly AnyJob[];
}

export async function buildApp({
  config,
  database,
  resident = null,
  jwtSecret,
  logger = true,
  logStream,
  distDir,
  extraResources,
  companyZone,
  files,
  extraJobs = [],
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    genReqId: () => crypto.randomUUID(),
    // One line per request (server/http/logging.ts registerRequestLog) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // URLs Fastify cannot even route (bad escapes, over-long values) get our error body too.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const message = tooLong ? 'A value in the URL is too long' : 'The URL is not valid';
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('x-request-id', request.id);
      logAnswered(request, tooLong ? 414 : 400, reply.elapsedTime);
      return reply
        .status(tooLong ? 414 : 400)
        .send(errorBody(message, [{ code: error.code ?? 'bad_url', description: message }]));
    },
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { querystringParser: (text: string) => normaliseQueryKeys(querystring.parse(text)) },
  });
  const permissions = new PermissionCatalog(database.db);
  const realtime = createHub({ dialect: database.dialect, databaseUrl: config.databaseUrl, log: app.log });
  // A change on any server (Access Settings) reaches every server's cached matrix through the hub.
  realtime.onAccessChanged(() => permissions.invalidate());
  const company = companyZone ?? new CompanyTimeZone(config.companyTimeZone);
  const ctx: ServerContext = {
    db: database.db,
    dialect: database.dialect,
    resident,
    config,
    jwtSecret,
    version: VERSION,
    permissions,
    realtime,
    companyZone: company,
    files: files ?? (config.s3 ? createObjectStore(config.s3, config.s3Region) : null),
    orderChanges: new OrderChanges(),
  };

  // JSON only: a text/plain body is refused as an unsupported media type rather than read as a string.
  app.removeContentTypeParser('text/plain');
  // Some clients mark a body-less call as JSON (POST /api/token/logout with Content-Type: application/json and
  // nothing after it): a route that takes no body gets no error for an empty one. A route with a body schema still
  // answers that the body is empty.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '' && !request.routeOptions.schema?.body) return done(null, undefined);
    return defaultJson(request, body as string, done);
  });

  // Security headers first, so that refused requests (401, 403) carry them too.
  const origins = thirdPartyOrigins();
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...origins.script],
        frameSrc: ["'self'", ...origins.frame],
        // MUI writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...origins.connect],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });

  registerErrorHandling(app);
  registerZodValidation(app);
  registerTextRule(app);
  registerAccessControl(app, database.db, jwtSecret, permissions);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestLog(app);
  registerBodyRules(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Haulboard dispatch API',
        version: VERSION,
        description: 'Every call but the public ones needs `Authorization: Bearer <token>` from POST /api/Auth/login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      const json = toJsonSchemas(schema) as Record<string, unknown>;
      if (access && 'public' in access) json.security = [];
      if (access && 'feature' in access) {
        const features = typeof access.feature === 'string' ? access.feature : access.feature.join(' or ');
        json.description = `Needs ${access.permission} on ${features}.`;
      }
      return { schema: json, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The viewer sets a few inline styles of its own.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
  app.get('/api/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  for (const module of [...MODULES, recordRoutes(extraResources)]) await app.register(module, ctx);
  registerJobs(app, ctx, [...JOBS, ...extraJobs]);
  registerMailIn(app, ctx);
  await registerWebApp(app, distDir ?? DIST_DIR, VERSION);
  return app;
}
