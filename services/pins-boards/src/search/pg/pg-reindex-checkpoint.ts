import type { Pool } from 'pg';
import { REINDEX_PHASES, type ReindexCheckpoint, type ReindexPhase } from '../reindex';

/** The reindex's progress in the index's own database (table `search_reindex`, schema.ts). */
export class PgReindexCheckpoint implements ReindexCheckpoint {
  constructor(private readonly pool: Pool) {}

  async load(): Promise<{ done: Record<ReindexPhase, number>; finished: boolean }> {
    const { rows } = await this.pool.query<{ phase: ReindexPhase; done: string; finished: boolean }>('SELECT phase, done, finished FROM search_reindex');
    const done = Object.fromEntries(REINDEX_PHASES.map((p) => [p, Number(rows.find((r) => r.phase === p)?.done ?? 0)])) as Record<ReindexPhase, number>;
    return { done, finished: rows.some((r) => r.phase === 'pins' && r.finished) };
  }

  async save(phase: ReindexPhase, done: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO search_reindex (phase, done) VALUES ($1, $2) ON CONFLICT (phase) DO UPDATE SET done = EXCLUDED.done, finished = false, updated_at = now()`,
      [phase, done],
    );
  }

  async finish(): Promise<void> {
    await this.pool.query(`INSERT INTO search_reindex (phase, done, finished) VALUES ('pins', 0, true) ON CONFLICT (phase) DO UPDATE SET finished = true, updated_at = now()`);
  }

  async reset(): Promise<void> {
    await this.pool.query('DELETE FROM search_reindex');
  }
}
