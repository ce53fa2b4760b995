import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { placeholderFields } from "../app/lib/business-details";
import { listenForBackupRequests } from "../app/server/backup/backup-request.server";
import {
  isShuttingDown,
  markShuttingDown,
  markStarted,
  markStarting,
  notRunningReport,
} from "../app/server/cluster/readiness.server";
import { backupIntervalHours, ConfigError, getConfig } from "../app/server/config.server";
import type { DatabaseHandle } from "../app/server/db/client.server";
import { DataDirLockedError } from "../app/server/db/data-dir-lock.server";
import { closeDb, getDatabaseHandle } from "../app/server/db/db.server";
import { isContentEmpty, seedIfChanged } from "../app/server/db/seed.server";
import { flushErrorReports, initErrorReporting, reportError } from "../app/server/error-reporting.server";
import { errorFields, log, loggedUrl, withRequestScope } from "../app/server/log.server";
import { staffMailProblems } from "../app/server/mail/mail-setup.server";
import type { OutboxWorker } from "../app/server/mail/outbox-worker.server";
import { setMetricsDatabase } from "../app/server/metrics/database-gauges.server";
import { readBusinessDetails } from "../app/server/settings/business-details-store.server";
import { labelled, STATIC_ROUTE, serveMetrics } from "./metrics";
import { publicFiles } from "./public-files";
import { createRouteLabeler } from "./route-label";
import { securityHeaders } from "./security-headers";
import { applyServerLimits } from "./server-limits";

/** A form post is never redirected: it would lose its body. */
function withoutTrailingSlash(req: express.Request, res: express.Response, next: express.NextFunction) {
  const [pathname = "", query] = req.originalUrl.split(/\?(.*)/s, 2);
  if ((req.method !== "GET" && req.method !== "HEAD") || pathname === "/" || !pathname.endsWith("/")) return next();
  const trimmed = `/${pathname.replace(/^\/+|\/+$/g, "")}`;
  res.redirect(301, query ? `${trimmed}?${query}` : trimmed);
}

const running: {
  server?: Server;
  worker?: OutboxWorker;
  webhookWorker?: { stop(): Promise<void> };
  closeSender?: () => void;
  stopRetention?: () => Promise<void>;
  stopWebhookRetention?: () => Promise<void>;
  stopAuditRetention?: () => Promise<void>;
  stopDigests?: () => Promise<void>;
  stopSweep?: () => Promise<void>;
  stopCacheBus?: () => Promise<void>;
  stopBackups?: () => Promise<void>;
  stopLeadRetention?: () => Promise<void>;
  stopUnconfirmedCleanup?: () => Promise<void>;
  drain?: (timeoutMs: number) => Promise<void>;
  drainSeconds?: number;
  draining?: boolean;
} = {};

export function run(options: { vite?: ViteDevServer } = {}) {
  main(options).catch(async (error) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      // Printed as plain lines too: a person reads these at the terminal.
      console.error(error.message);
      log.fatal(error.message);
    } else {
      log.fatal(errorFields(error), "Server failed to start");
      reportError(error, { job: "start-up" });
      await flushErrorReports();
    }
    await closeDb().catch(() => {});
    process.exit(1);
  });
}

async function main({ vite }: { vite?: ViteDevServer }) {
  installShutdown();
  const config = getConfig();
  listenForBackupRequests(config.DATA_DIR);
  const production = config.NODE_ENV === "production";
  const reporting = await initErrorReporting({
    dsn: config.SENTRY_DSN,
    release: config.SENTRY_RELEASE,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
  });
  if (reporting) log.info("Errors are reported to SENTRY_DSN");
  markStarting();

  const handle = await getDatabaseHandle();
  // Loads while the database migrates (the app bundle opens nothing when it loads).
  const loadingApp = Promise.all([
    production ? (import("virtual:react-router/server-build") as Promise<ServerBuild>) : undefined,
    import("./react-router-handler"),
    import("../app/server/html-cache.server"),
    import("../app/server/cluster/cache-bus.server"),
  ]);
  loadingApp.catch(() => {}); // reported where it is awaited
  await handle.migrate();
  const empty = await isContentEmpty(handle.db);
  const seeded = await seedIfChanged(handle.db);
  if (empty) log.info({ inserted: seeded.inserted }, "Seeded an empty database");
  else if (Object.values({ ...seeded.inserted, ...seeded.corrected }).some((n) => n > 0)) {
    log.info({ inserted: seeded.inserted, corrected: seeded.corrected }, "Built-in content updated");
  } else if (seeded.skipped) log.debug("Built-in content unchanged since the last seed: not seeded");
  const placeholders = placeholderFields(await readBusinessDetails(handle.db));
  if (production && placeholders.length) {
    log.warn({ placeholders }, "Business details are still placeholders: an admin sets them at /admin/settings");
  }
  // Leads are stored either way; staff must know when nobody is told of them.
  if (production) {
    for (const problem of staffMailProblems(config)) log.warn(`Staff mail: ${problem}`);
  }
  if (config.CLOCK_TODAY) {
    log.warn(`CLOCK_TODAY is set: the site behaves as if today were ${config.CLOCK_TODAY} (tests only)`);
  }
  reportAddressSetup(config);

  const app = express();
  app.disable("x-powered-by");
  // Until the app has loaded, requests wait for it rather than finding the port closed.
  let handler: express.RequestHandler | undefined;
  let appLoaded: Promise<void> | undefined;
  app.use((req, res, next) => {
    if (handler || !appLoaded) return next();
    if (req.path === "/healthz") return void res.set("Cache-Control", "no-store").json({ ok: true });
    if (req.path === "/readyz") return void res.status(503).set("Cache-Control", "no-store").json(notRunningReport());
    appLoaded.then(() => next(), next);
  });
  running.drainSeconds = config.SHUTDOWN_DRAIN_SECONDS;
  // While draining, the proxy must open new connections, to an instance that stays.
  app.use((_req, res, next) => {
    if (running.draining) res.setHeader("Connection", "close");
    next();
  });
  // A hop count or the proxies' addresses, never `true`: X-Forwarded-For is the client's to forge.
  if (config.TRUST_PROXY !== 0) app.set("trust proxy", config.TRUST_PROXY);
  app.use(compression());
  app.use(
    securityHeaders({
      production,
      https: config.SITE_URL.startsWith("https://"),
      analytics: Boolean(config.GA_MEASUREMENT_ID),
    }),
  );
  app.use(requestLogging(config.LOG_REQUESTS));
  let routeLabel: ((pathname: string) => string) | undefined;
  app.use(serveMetrics({ token: config.METRICS_TOKEN, allowFrom: config.METRICS_ALLOW_FROM }, () => routeLabel));
  setMetricsDatabase(getDatabaseHandle);

  let devBuild: (() => Promise<ServerBuild>) | undefined;
  if (production) {
    const clientDir = path.resolve("build/client");
    app.use(
      "/assets",
      labelled(
        STATIC_ROUTE,
        express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
      ),
    );
    // Only the build's own files reach the file system: pages skip a stat per request.
    const files = publicFiles(clientDir);
    const serveFile = labelled(STATIC_ROUTE, express.static(clientDir, { maxAge: "1h", index: false }));
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
  } else if (vite) {
    app.use(labelled(STATIC_ROUTE, vite.middlewares));
    devBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    throw new Error(
      `NODE_ENV is ${config.NODE_ENV}: start the server with \`npm run dev\` (Vite) or set NODE_ENV=production`,
    );
  }
  appLoaded = loadingApp.then(([build, { createCachedRequestHandler }, { getHtmlCache }, { startCacheBus }]) => {
    const reactRouter = createCachedRequestHandler({
      build: build ?? (devBuild as () => Promise<ServerBuild>),
      mode: config.NODE_ENV,
      cache: getHtmlCache(production ? config.HTML_CACHE_SECONDS : 0),
      siteUrl: config.SITE_URL,
    });
    // Content changed on any instance clears this one's cached pages (decision 0014).
    running.stopCacheBus = startCacheBus({
      databaseUrl: config.DATABASE_URL,
      onInvalidate: () => getHtmlCache().clear(),
    });
    running.drain = reactRouter.drain;
    handler = reactRouter.handler;
    if (build) routeLabel = createRouteLabeler(build.routes);
    else
      void devBuild?.().then(
        (loaded) => (routeLabel = createRouteLabeler(loaded.routes)),
        () => {},
      );
  });
  app.use(withoutTrailingSlash);
  app.all("*splat", (req, res, next) => (handler as express.RequestHandler)(req, res, next));

  const server = app.listen(config.PORT, config.HOST);
  applyServerLimits(server);
  running.server = server;
  await Promise.all([appLoaded, once(server, "listening")]);

  // A signal during start-up: no background job is started behind the shutdown's back.
  if (isShuttingDown()) return;
  markStarted();
  // Started once pages are served, so a mail backlog cannot delay start-up.
  await startBackgroundJobs(config, handle);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log.info(
    `Server ready on http://localhost:${port} (${config.NODE_ENV}, database: ${handle.kind}, started in ${Math.round(process.uptime() * 1000)} ms)`,
  );
}

async function startBackgroundJobs(config: ReturnType<typeof getConfig>, handle: DatabaseHandle) {
  const [
    outbox,
    { createMailSender, closeMailSender },
    { OutboxWorker, registerOutboxWorker },
    { startOrphanSweep },
    { startPageViewRetention },
    { getBillStorage },
    { startAuditRetention },
    { startFollowUpDigests },
    { today },
    webhookDelivery,
    { WebhookWorker },
    { startWebhookRetention },
    { startBackups, registerBackupMetric },
    { backupLocationFromConfig },
    { answerBackupRequests },
  ] = await Promise.all([
    import("../app/server/mail/outbox.server"),
    import("../app/server/mail/outbox-message.server"),
    import("../app/server/mail/outbox-worker.server"),
    import("../app/server/leads/orphan-sweep.server"),
    import("../app/server/maintenance/page-view-retention.server"),
    import("../app/server/storage/bill-storage.server"),
    import("../app/server/audit/audit-retention.server"),
    import("../app/server/leads/follow-up-digest.server"),
    import("../app/server/clock.server"),
    import("../app/server/webhooks/webhook-delivery.server"),
    import("../app/server/webhooks/webhook-worker.server"),
    import("../app/server/webhooks/webhook-retention.server"),
    import("../app/server/backup/backup-schedule.server"),
    import("../app/server/backup/backup-location.server"),
    import("../app/server/backup/backup-request.server"),
  ]);
  if (isShuttingDown()) return;
  const sender = createMailSender({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    captureDir: path.resolve(config.DATA_DIR, "mail"),
    siteUrl: config.SITE_URL,
    concurrency: config.MAIL_CONCURRENCY,
  });
  running.closeSender = () => closeMailSender(sender);
  const worker = new OutboxWorker(
    (signal) =>
      outbox.deliverDueEmails(handle.db, sender, {
        giveUpAfterMs: config.MAIL_GIVE_UP_HOURS * 3_600_000,
        concurrency: config.MAIL_CONCURRENCY,
        signal,
      }),
    config.MAIL_POLL_SECONDS * 1000,
    outbox.MAIL_OUTBOX_JOB,
  );
  registerOutboxWorker(worker);
  running.worker = worker;
  worker.start();
  const webhookWorker = new WebhookWorker(handle.db, config.MAIL_POLL_SECONDS * 1000);
  webhookDelivery.registerWebhookKick(() => webhookWorker.kick());
  running.webhookWorker = webhookWorker;
  webhookWorker.start();
  running.stopSweep = startOrphanSweep(handle, getBillStorage(config.DATA_DIR), {
    graceMs: config.BILL_ORPHAN_GRACE_SECONDS * 1000,
  });
  running.stopRetention = startPageViewRetention({
    db: handle.db,
    retentionDays: config.PAGE_VIEW_RETENTION_DAYS,
    timeZone: config.SITE_TIME_ZONE,
  });
  running.stopAuditRetention = startAuditRetention({ db: handle.db, retentionDays: config.AUDIT_RETENTION_DAYS });
  running.stopWebhookRetention = startWebhookRetention({
    db: handle.db,
    retentionDays: config.WEBHOOK_DELIVERY_RETENTION_DAYS,
  });
  const { startLeadRetention, retentionFromConfig } = await import("../app/server/privacy/lead-retention.server");
  running.stopLeadRetention = startLeadRetention({
    db: handle.db,
    storage: getBillStorage(config.DATA_DIR),
    settings: retentionFromConfig(config),
  });
  const { startUnconfirmedAccountCleanup } = await import("../app/server/auth/unconfirmed-accounts.server");
  running.stopUnconfirmedCleanup = startUnconfirmedAccountCleanup({ db: handle.db });
  running.stopDigests = startFollowUpDigests({
    db: handle.db,
    hour: config.FOLLOW_UP_DIGEST_HOUR,
    timeZone: config.SITE_TIME_ZONE,
    siteUrl: config.SITE_URL,
    today,
  });
  // `npm run backup` reaches this process by SIGUSR2 when it holds the embedded database.
  const location = backupLocationFromConfig(config);
  const backups = startBackups({
    handle,
    databaseUrl: config.DATABASE_URL,
    storage: getBillStorage(config.DATA_DIR),
    location,
    intervalHours: backupIntervalHours(config),
    keep: { daily: config.BACKUP_KEEP_DAILY, weekly: config.BACKUP_KEEP_WEEKLY },
  });
  registerBackupMetric(async () => handle.db);
  const stopAnswering = answerBackupRequests(config.DATA_DIR, backups, location.description);
  running.stopBackups = async () => {
    stopAnswering();
    await backups.stop();
  };
  if (sender.kind === "capture") {
    log.info(`No SMTP_URL: staff e-mail is captured to ${sender.directory} and kept in the outbox table`);
  }
}

function requestLogging(accessLog: boolean) {
  const http = pinoHttp({
    logger: log,
    genReqId: () => randomUUID(),
    autoLogging: accessLog,
    quietReqLogger: true,
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: loggedUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    http(req, res);
    res.setHeader("X-Request-Id", String(req.id));
    withRequestScope(String(req.id), next);
  };
}

function reportAddressSetup(config: ReturnType<typeof getConfig>) {
  const site = new URL(config.SITE_URL);
  if (config.NODE_ENV === "production" && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(site.hostname)) {
    log.warn(
      `SITE_URL is ${site.origin}: set it to the site's public address, or canonical links, e-mails and forms posted through another address will be wrong`,
    );
  }
  if (site.protocol === "https:" && config.TRUST_PROXY === 0) {
    log.warn(
      `SITE_URL is https but TRUST_PROXY=0. If a TLS-terminating proxy is in front, set TRUST_PROXY to its hop count (usually 1): otherwise every visitor shares the proxy's address for rate limits, and X-Forwarded-Proto is ignored`,
    );
  }
}

function installShutdown() {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    markShuttingDown();
    const { server, drainSeconds = 0 } = running;
    if (server && drainSeconds > 0) {
      // A proxy may send a request on an idle connection just as we close it, and cannot resend a POST:
      // keep answering, closing each connection, until its idle timeout has closed the rest.
      running.draining = true;
      log.info(`${signal} received: draining for ${drainSeconds} s, then closing the server and the database`);
      await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    } else {
      log.info(`${signal} received: closing the server and the database`);
    }
    if (server) {
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      force.unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    }
    // Requests whose client has already gone may still be writing: let them finish.
    await running.drain?.(15_000);
    try {
      await running.worker?.stop();
      await running.webhookWorker?.stop();
      running.closeSender?.();
      await running.stopRetention?.();
      await running.stopWebhookRetention?.();
      await running.stopAuditRetention?.();
      await running.stopDigests?.();
      await running.stopSweep?.();
      await running.stopCacheBus?.();
      await running.stopBackups?.();
      await running.stopLeadRetention?.();
      await running.stopUnconfirmedCleanup?.();
      await closeDb();
    } catch (error) {
      log.error(errorFields(error), "Error while closing the database");
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
