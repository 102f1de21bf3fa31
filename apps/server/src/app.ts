import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Env } from './env.ts';
import { repoRoot } from './env.ts';
import { migrateToLatest, openDatabase, type DbHandle } from './db/database.ts';
import { installErrorHandler } from './http/errors.ts';
import { installOriginGuard } from './http/originGuard.ts';
import { registerRateLimits } from './http/rateLimits.ts';
import { installSecurityHeaders } from './http/securityHeaders.ts';
import { AccessRepo } from './security/access.repo.ts';
import { InProcessQueue } from './jobs/inProcessQueue.ts';
import type { JobQueue } from './jobs/jobQueue.ts';
import { PgBossQueue } from './jobs/pgBossQueue.ts';
import { AccessService } from './security/access.ts';
import type { BlobStore } from './storage/blobStore.ts';
import { openBlobStore } from './storage/openBlobStore.ts';
import { BlobCollector } from './storage/blobCollector.ts';
import { registerAuth, type AuthService, type UsersRepo } from './modules/auth/index.ts';
import { registerDocuments, type DocumentFiles, type DocumentsRepo } from './modules/documents/index.ts';
import { registerProjects, type ProjectsRepo } from './modules/projects/index.ts';
import { registerAdmin } from './modules/admin/index.ts';
import { registerAudit } from './modules/audit/index.ts';
import { configRoutes, readTagFallback } from './modules/config/index.ts';
import { registerModels, type ModelsService } from './modules/models/index.ts';
import { registerProperties } from './modules/properties/index.ts';
import { registerIssues } from './modules/issues/index.ts';
import { registerMarkups } from './modules/markups/index.ts';
import { registerSavedViews } from './modules/savedViews/index.ts';
import { registerModelCompare, type CompareJobs } from './modules/modelCompare/index.ts';
import { registerCompareFiles } from './modules/compareFiles/index.ts';
import { registerBcf } from './modules/bcf/index.ts';
import { registerIds, type IdsCheckJobs } from './modules/ids/index.ts';
import { registerScheduleExports } from './modules/scheduleExports/index.ts';
import { registerDsear } from './modules/dsear/index.ts';
import { registerWorkflow, type WorkflowReminders } from './modules/workflow/index.ts';
import { workflowMail } from './modules/workflow/workflow.notify.ts';
import { registerHub } from './modules/hub/index.ts';
import { registerInfoStandard } from './modules/infoStandard/index.ts';
import { registerRegister } from './modules/register/index.ts';
import { registerProjectData } from './modules/projectData/index.ts';
import { registerLegend } from './modules/legend/index.ts';
import { registerSketchExport } from './modules/sketchExport/index.ts';
import { registerSketches } from './modules/sketches/index.ts';
import { registerSketchIssue } from './modules/sketchIssue/index.ts';
import { registerSupplier } from './modules/supplier/index.ts';
import { registerFeedback } from './modules/feedback/index.ts';
import { registerTraining } from './modules/training/index.ts';
import { registerHealth } from './modules/health/index.ts';
import { registerTransmittals, type TransmittalReminders } from './modules/transmittals/index.ts';
import {
  REMOVE_EXPIRED_EVERY_MS,
  registerResumableUploads,
  type ResumableUploadsService,
} from './modules/resumableUploads/index.ts';
import type { ConversionJobs } from './jobs/conversionJobs.ts';
import { defaultConversionMemoryMb } from './jobs/runConversion.ts';
import { Notifier } from './notify/mailer.ts';

export interface Penstock {
  app: FastifyInstance;
  database: DbHandle;
  /** the stored files: the data folder's blobs/, or the S3-compatible bucket (PENSTOCK_S3_BUCKET) */
  blobs: BlobStore;
  users: UsersRepo;
  /** sign-in and sessions */
  auth: AuthService;
  /** the one access rule (seeds and tools build services with it) */
  access: AccessService;
  /** projects and their members */
  projectsRepo: ProjectsRepo;
  /** folders, items and versions */
  documentsRepo: DocumentsRepo;
  /** the files API: store a file with its ISO 19650 codes (the demo seed, workflow, reports ...) */
  files: DocumentFiles;
  models: ModelsService;
  /** the IFC conversion queue; `await jobs.idle()` waits until nothing is queued or running */
  jobs: ConversionJobs;
  /** model compares (issue 34), on the same job queue; `await compareJobs.idle()` waits for them */
  compareJobs: CompareJobs;
  /** IDS checks (issue 36), on the same job queue; `await idsJobs.idle()` waits for them */
  idsJobs: IdsCheckJobs;
  /** e-mail notifications (the outbox); `queue()` does nothing without SMTP settings */
  notifier: Notifier;
  /** e-mails reminders of overdue workflows (with e-mail on): hourly, at most once a day per person */
  workflowReminders: WorkflowReminders;
  /** e-mails reminders of transmittal responses coming due (with e-mail on): hourly, once per recipient */
  transmittalReminders: TransmittalReminders;
  /** removes stored files no row names, older than PENSTOCK_BLOB_GRACE_MINUTES: at start, then daily */
  blobCollector: BlobCollector;
  /** resumable (tus) uploads: `removeExpired()` is the hourly pass */
  resumableUploads: ResumableUploadsService;
  /** every route the server registered (method, URL pattern, body limit): the access matrix walks them all */
  routes: ReadonlyArray<{ method: string; url: string; bodyLimit: number }>;
  close(): Promise<void>;
}

/** The job queue: pg-boss where the database is PostgreSQL (several servers share its jobs), else in process. */
function jobQueueFor(env: Env, log: FastifyBaseLogger): JobQueue {
  if (!env.databaseUrl) return new InProcessQueue();
  return new PgBossQueue({
    connectionString: env.databaseUrl,
    heartbeatSeconds: env.jobHeartbeatSeconds,
    log,
  });
}

/** A JSON or form body's limit where a route sets none of its own (Fastify's default, stated). */
const BODY_LIMIT = 1024 * 1024;

/** Builds the whole server: database (migrated), file store, API modules and the built web app, on one port. */
export async function buildPenstock(env: Env, options: { logger?: boolean } = {}): Promise<Penstock> {
  const database = openDatabase(env);
  await migrateToLatest(database.db);
  const blobs = await openBlobStore(env);
  await blobs.clearStaging();

  const app = Fastify({
    logger: options.logger === false ? false : { level: env.logLevel },
    // a line when each request comes and another when it is answered cost a cheap read about 12% of its
    // CPU: they are written at LOG_LEVEL=debug or trace only (errors and warnings are logged at any level)
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(env.logLevel) }),
    trustProxy: env.trustProxy,
    bodyLimit: BODY_LIMIT,
  });
  const routes: Array<{ method: string; url: string; bodyLimit: number }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, bodyLimit: route.bodyLimit ?? BODY_LIMIT });
  });
  installErrorHandler(app);
  // before the session is read: a call from another site is refused whatever cookies it carries
  installOriginGuard(app, { publicUrl: env.publicUrl });
  const notifier = new Notifier(database.db, { smtp: env.smtp, log: app.log });
  app.addHook('onClose', async () => notifier.stop());
  await app.register(cookie);
  await registerRateLimits(app);
  await app.register(formbody);
  await app.register(multipart);
  installSecurityHeaders(app);

  // the one access rule every service asks first (security/access.ts)
  const access = new AccessService(new AccessRepo(database.db));
  registerHealth(app, database.db);
  const audit = registerAudit(app, database.db, access);
  const { users, auth } = registerAuth(app, database.db, {
    secureCookies: env.secureCookies,
    idleMinutes: env.sessionIdleMinutes,
    audit,
    oidc: env.oidc,
    localSignIn: env.localSignIn,
    publicUrl: env.publicUrl,
  });
  const { repo: projectsRepo, directory: projects } = registerProjects(database.db);
  const { repo: documentsRepo, files } = registerDocuments(app, database.db, blobs, projects, access, {
    maxUploadBytes: env.maxUploadBytes,
  });
  const configDirs = { dataDir: env.dataDir, defaultsDir: path.join(repoRoot, 'apps/server/config') };
  // one job queue for every kind of job (conversions, model compares)
  const queue = jobQueueFor(env, app.log);
  const {
    models,
    jobs,
    repo: modelsRepo,
  } = registerModels(app, database.db, blobs, files, access, queue, {
    timeoutMs: env.conversionTimeoutMinutes * 60_000,
    ...(env.conversionMemoryMb > 0 ? { memoryMb: env.conversionMemoryMb } : {}),
    maxUnzippedBytes: env.maxUnzippedBytes,
    scratchDir: path.join(env.dataDir, 'staging'),
    tagFallback: () => readTagFallback(configDirs),
    log: app.log,
  });
  registerProperties(app, database.db, access);
  const issues = registerIssues(app, database.db, { documentsRepo, projects }, access, blobs);
  registerMarkups(app, database.db, blobs, projects, access);
  registerSavedViews(app, database.db, access);
  registerInfoStandard(app, database.db, projects, access);
  const { service: resumableUploads, cleaner: uploadCleaner } = await registerResumableUploads(
    app,
    database.db,
    { documentsRepo, files, blobs, access },
    {
      dataDir: env.dataDir,
      maxBytes: env.maxResumableUploadBytes,
      expiryHours: env.resumableUploadExpiryHours,
      log: app.log,
    },
  );
  registerRegister(app, database.db, {
    documentsRepo,
    files,
    projects,
    access,
    maxUploadBytes: env.maxUploadBytes,
  });
  const { service: compares, jobs: compareJobs } = registerModelCompare(
    app,
    database.db,
    { blobs, queue, issues, models: modelsRepo },
    access,
    { log: app.log },
  );
  jobs.onConverted((versionId) => compares.versionConverted(versionId));
  const {
    jobs: idsJobs,
    gate: idsGate,
    converted: idsConverted,
  } = registerIds(app, database.db, { blobs, queue, files, issues }, access, {
    heapMb: env.conversionMemoryMb > 0 ? env.conversionMemoryMb : defaultConversionMemoryMb(),
    timeoutMs: env.conversionTimeoutMinutes * 60_000,
    scratchDir: path.join(env.dataDir, 'staging'),
    maxUnzippedBytes: env.maxUnzippedBytes,
    libraryDirs: [path.join(configDirs.defaultsDir, 'ids'), path.join(env.dataDir, 'config', 'ids')],
    log: app.log,
  });
  jobs.onConverted(idsConverted);
  jobs.onFailed(idsConverted);
  registerCompareFiles(app, database.db, access);
  registerBcf(app, database.db, issues, blobs, access);
  registerScheduleExports(app, database.db, files, blobs, access);
  registerAdmin(app, users, projectsRepo, audit, access);
  registerDsear(app, database.db, { files, blobs }, access, {
    maxUploadBytes: env.maxUploadBytes,
  });
  const { workflows, reminders: workflowReminders } = registerWorkflow(
    app,
    database.db,
    { documentsRepo, projects, files },
    access,
    {
      maxUploadBytes: env.maxUploadBytes,
      mail: workflowMail(notifier, env),
      idsGate,
    },
  );
  registerHub(app, database.db, { access, workflows, users });
  registerLegend(app, { dataDir: env.dataDir });
  registerSketchExport(app);
  const sketches = registerSketches(app, database.db, access);
  registerSketchIssue(
    app,
    database.db,
    { documentsRepo, files, blobs, projects, sketches, access },
    { webDistDir: env.webDistDir },
  );
  registerFeedback(app, database.db, access);
  await registerSupplier(app, database.db, blobs, access);
  registerTraining(app, database.db, blobs, access, { maxUploadBytes: env.maxUploadBytes });
  await registerProjectData(app, database.db, { files, projects }, access, {
    configDirs,
    maxUploadBytes: env.maxUploadBytes,
    blobs,
  });
  const { reminders: transmittalReminders } = registerTransmittals(
    app,
    database.db,
    {
      files,
      blobs,
      access,
      mail: { enabled: notifier.enabled, publicUrl: env.publicUrl, sendQueued: () => notifier.kick() },
    },
    { maxUploadBytes: env.maxUploadBytes, log: app.log },
  );
  configRoutes(app, configDirs);
  await serveWebApp(app, env.webDistDir);
  await jobs.start();
  await compareJobs.start();
  await idsJobs.start();
  notifier.start();
  const blobCollector = new BlobCollector(database.db, blobs, {
    graceMinutes: env.blobGraceMinutes,
    log: app.log,
  });
  blobCollector.start();
  uploadCleaner.start(REMOVE_EXPIRED_EVERY_MS);

  return {
    app,
    database,
    blobs,
    users,
    auth,
    access,
    projectsRepo,
    documentsRepo,
    files,
    models,
    jobs,
    compareJobs,
    idsJobs,
    notifier,
    workflowReminders,
    transmittalReminders,
    blobCollector,
    resumableUploads,
    routes,
    close: async () => {
      await blobCollector.stop();
      await uploadCleaner.stop();
      compareJobs.close();
      idsJobs.close();
      await jobs.close();
      await app.close();
      await database.db.destroy();
      blobs.close();
    },
  };
}

/** The built single-page app; any non-API GET that accepts HTML gets index.html and the app's router decides. */
async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile('index.html');
  if (built) {
    // wildcard: files are looked up per request, so a rebuilt app is served without a restart
    await app.register(fastifyStatic, { root: distDir, wildcard: true, index: false });
    app.get('/', async (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !/^\/(api|auth|config)(\/|$)/.test(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (!isPage)
      return reply.status(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` });
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (or `npm start`, which builds it).');
    }
    return sendIndex(reply);
  });
}
