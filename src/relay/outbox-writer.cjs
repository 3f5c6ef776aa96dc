"use strict";
/**
 * The outbox's writer of new leads. In a worker thread it owns the synchronous=FULL connection, so
 * the fsync that makes each accepted lead durable never blocks the relay's event loop: while one
 * group of leads is being synced, the next group gathers (group commit).
 *
 * Plain CommonJS on purpose: a worker thread starts from a file Node runs as it is, with no
 * TypeScript loader, in `npm start`, in tests and in the bench alike. The same `prepareWriter` is
 * used in-thread for an in-memory outbox (tests).
 */
const { randomUUID } = require("node:crypto");
const { isMainThread, parentPort, workerData } = require("node:worker_threads");

/**
 * Returns write(leads, now): stores each lead in one transaction, honouring Idempotency-Keys, and
 * returns one result per lead: {outcome: "created"|"replayed", id} or {outcome: "conflict"}.
 * @param {import("better-sqlite3").Database} db
 */
function prepareWriter(db) {
  const byKey = db.prepare("SELECT id, fingerprint FROM leads WHERE idempotency_key = ?");
  const insert = db.prepare(
    `INSERT INTO leads (id, idempotency_key, fingerprint, form, kind, payload, attributes, next_attempt_at, created_at)
     VALUES (@id, @key, @fingerprint, @form, @kind, @payload, @attributes, @now, @now)`,
  );
  return db.transaction((leads, now) =>
    leads.map((lead) => {
      if (lead.idempotencyKey !== undefined) {
        const existing = byKey.get(lead.idempotencyKey);
        if (existing) {
          // An erased lead's fingerprint is gone with its answers: its key still gets its answer.
          return existing.fingerprint === lead.fingerprint || existing.fingerprint === "erased"
            ? { outcome: "replayed", id: existing.id }
            : { outcome: "conflict" };
        }
      }
      const id = randomUUID();
      insert.run({
        id,
        key: lead.idempotencyKey ?? null,
        fingerprint: lead.fingerprint,
        form: lead.form,
        kind: lead.kind,
        payload: JSON.stringify(lead.payload),
        attributes: JSON.stringify(lead.attributes),
        now,
      });
      return { outcome: "created", id };
    }),
  );
}

module.exports = { prepareWriter };

if (!isMainThread && workerData && workerData.role === "outbox-writer") {
  const Database = require(workerData.driver);
  const db = new Database(workerData.file);
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  const write = prepareWriter(db);
  // The relay's own connection does not checkpoint (that would block its event loop); this one
  // does, after its commits and every few seconds when deliveries alone grow the WAL.
  const checkpoints = setInterval(() => {
    try {
      db.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // Busy: the next one will do.
    }
  }, 5000);
  checkpoints.unref();
  parentPort.on("message", (message) => {
    if (message.type === "close") {
      clearInterval(checkpoints);
      db.close();
      parentPort.postMessage({ type: "closed" });
      parentPort.close();
      return;
    }
    try {
      parentPort.postMessage({ type: "written", batch: message.batch, results: write(message.leads, message.now) });
    } catch (error) {
      parentPort.postMessage({
        type: "failed",
        batch: message.batch,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
