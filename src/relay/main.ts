/**
 * Starts the site and the lead relay with the settings of the environment (docs/relay.md):
 * PORT, HOST, LEADS_DB, LEADSQUARED_BASE_URL, LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY,
 * LEADS_RATE and the rest. With no LeadSquared settings the relay keeps leads in its outbox and
 * says so, so the quick start works with no accounts.
 */
import { startServer } from "./app";
import { formatRate, readSettings, SettingsError } from "./settings";

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
  leadsDb: settings.dbFile,
  crm: settings.crm,
  deliveryRate: settings.deliveryRate,
  deliveryConcurrency: settings.deliveryConcurrency,
  retry: { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs },
  clientRate: settings.clientRate,
  siteOrigin: settings.siteOrigin,
  trustProxy: settings.trustProxy,
});

const counts = running.outbox.counts();
console.log(
  `Lead outbox: ${settings.dbFile} (${counts.pending} pending, ${counts.delivered} delivered, ${counts.dead} dead)`,
);
if (settings.crm) {
  // The host only: the keys never reach a log.
  console.log(
    `Delivering leads to LeadSquared at ${new URL(settings.crm.baseUrl).host}, at most ${formatRate(settings.deliveryRate)}` +
      `${settings.deliveryConcurrency > 1 ? `, ${settings.deliveryConcurrency} at a time` : ""}.`,
  );
} else {
  console.log(
    "No LeadSquared settings (LEADSQUARED_BASE_URL, LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY): leads are kept in the outbox and not delivered. Set them and restart to deliver; npm run leads lists them.",
  );
}

// Last, so whoever waits for this line (tests, the bench) sees the lines above too.
console.log(`The site is running at ${running.url}/home`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing deliveries under way, then stopping.`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
