// The month partitions of `documents`, created when the first document of a month arrives.
import { sql, type Transaction } from 'kysely';
import type { HubSchema } from './schema';

/** documents_y2026m11 for '2026-11-…': the name is derived, so every hub process agrees on it. */
export const partitionName = (month: string): string => `documents_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

/** The first day of the month after `month` (yyyy-MM), the partition's exclusive upper bound. */
function nextMonth(month: string): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

const DUPLICATE_TABLE = '42P07';
const UNIQUE_VIOLATION = '23505';

/**
 * Makes sure each month (yyyy-MM) has its partition, inside the caller's transaction. Two hub processes may take
 * the first document of a month at once: `IF NOT EXISTS` does not see the other's uncommitted table, so the loser
 * waits for it and then fails on the catalog's unique index. A savepoint keeps that failure from aborting the
 * ingest: the partition exists by then, and the batch goes on.
 */
export async function ensureMonthPartitions(trx: Transaction<HubSchema>, months: readonly string[]): Promise<void> {
  for (const month of [...new Set(months)].sort()) {
    if (!/^\d{4}-\d{2}$/.test(month)) throw new Error(`not a month: ${month}`);
    const name = partitionName(month);
    const found = await sql<{ r: string | null }>`SELECT to_regclass(${name}) AS r`.execute(trx);
    if (found.rows[0]?.r) continue;
    await sql`SAVEPOINT month_partition`.execute(trx);
    try {
      await sql
        .raw(`CREATE TABLE IF NOT EXISTS ${name} PARTITION OF documents FOR VALUES FROM ('${month}-01') TO ('${nextMonth(month)}')`)
        .execute(trx);
      await sql`RELEASE SAVEPOINT month_partition`.execute(trx);
    } catch (e) {
      const code = (e as { code?: string }).code;
      await sql`ROLLBACK TO SAVEPOINT month_partition`.execute(trx);
      if (code !== DUPLICATE_TABLE && code !== UNIQUE_VIOLATION) throw e;
    }
  }
}
