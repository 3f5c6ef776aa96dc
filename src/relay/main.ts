/**
 * Starts the site and the lead relay with the settings of the environment (docs/relay.md):
 * PORT, HOST, LEADS_DB or DATABASE_URL, LEADSQUARED_BASE_URL, LEADSQUARED_ACCESS_KEY,
 * LEADSQUARED_SECRET_KEY, LEADS_RATE and the rest. With no LeadSquared settings the relay keeps
 * leads in its outbox and says so, so the quick start works with no accounts.
 *
 * `npm run serve` runs this on an existing build; `npm start` builds first.
 */
import { startServer } from "./app";
import { createLogger } from "./logger";
import { formatRate, readSettings, SettingsError } from "./settings";

/** A stop must not outlast what an orchestrator waits before it kills (docker stop: 10 s). */
const stopDeadlineMs = 10_000;

let settings: ReturnType<typeof readSettings>;
try {
  settings = readSettings();
} catch (error) {
  if (error instanceof SettingsError) {
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const running = await startServer({
  port: settings.port,
  host: settings.host,
  distDir: settings.distDir,
  databaseUrl: settings.databaseUrl,
  // Relays often start before their database is ready (compose, a rolling restart).
  databaseWaitMs: 60_000,
  leadsDb: settings.dbFile,
  crm: settings.crm,
  deliveryRate: settings.deliveryRate,
  deliveryConcurrency: settings.deliveryConcurrency,
  retry: { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs },
  leaseMs: settings.leaseMs,
  clientRate: settings.clientRate,
  retentionMs: settings.retentionMs,
  metrics: settings.metrics,
  siteOrigin: settings.siteOrigin,
  trustProxy: settings.trustProxy,
  logLevel: settings.logLevel,
  cards: settings.cards,
}).catch((error: unknown) => {
  createLogger().fatal({ err: error instanceof Error ? error.message : String(error) }, "Cannot start");
  process.exit(1);
});

const { log, store } = running;
const counts = await store.counts();
log.info(
  { outbox: store.kind, ...counts },
  `Lead outbox: ${store.where} (${counts.pending} pending, ${counts.delivered} delivered, ${counts.dead} dead)`,
);
if (settings.crm) {
  // The host only: the keys never reach a log.
  log.info(
    `Delivering leads to LeadSquared at ${new URL(settings.crm.baseUrl).host}, at most ${formatRate(settings.deliveryRate)}` +
      `${settings.deliveryConcurrency > 1 ? `, ${settings.deliveryConcurrency} at a time` : ""}` +
      `${store.kind === "postgres" ? " across every relay sharing the outbox" : ""}.`,
  );
} else {
  log.warn(
    "No LeadSquared settings (LEADSQUARED_BASE_URL, LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY): leads are kept in the outbox and not delivered. Set them and restart to deliver; npm run leads lists them.",
  );
}
if (running.metricsUrl) log.info(`Metrics at ${running.metricsUrl}/metrics`);

// Last, so whoever waits for this line (tests, the bench) sees the lines above too.
log.info(`The site is running at ${running.url}/home`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: no new requests; finishing deliveries under way, then stopping.`);
    setTimeout(() => {
      log.error("Still stopping after 10 s; exiting now (leads being sent stay pending and are sent again).");
      process.exit(1);
    }, stopDeadlineMs).unref();
    running.close().then(
      () => {
        log.info("Stopped.");
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: String(error) }, "Stopping failed");
        process.exit(1);
      },
    );
  });
}
