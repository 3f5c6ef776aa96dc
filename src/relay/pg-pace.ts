/**
 * The CRM's pace shared by every relay through PostgreSQL: one row holds the start times of the
 * requests in the last window and a pause, and relay_take_crm_slot() (pg-migrations.ts) reads and
 * updates it under a row lock, by the database's clock. Whichever relay asks, no window of the
 * configured period holds more starts than allowed, and a CRM that fails for one relay is given a
 * rest by all of them.
 */
import type pg from "pg";
import type { CrmPace } from "./pace";
import type { Rate } from "./settings";

export class PgPace implements CrmPace {
  constructor(
    private readonly pool: pg.Pool,
    private readonly rate: Rate,
  ) {}

  private async slot(record: boolean): Promise<number> {
    const { rows } = await this.pool.query<{ wait: number }>("SELECT relay_take_crm_slot($1, $2, $3) AS wait", [
      this.rate.count,
      this.rate.perMs,
      record,
    ]);
    return Number(rows[0].wait);
  }

  take(): Promise<number> {
    return this.slot(true);
  }

  peek(): Promise<number> {
    return this.slot(false);
  }

  async pause(ms: number): Promise<void> {
    await this.pool.query(
      "UPDATE relay_crm_pace SET paused_until = greatest(paused_until, relay_now_ms() + $1) WHERE id = 1",
      [Math.round(ms)],
    );
  }
}
