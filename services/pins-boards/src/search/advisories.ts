import { ADVISORY_TERM_MAX_WORDS, noticeSchema, type Notice, type Sensitivity } from '@pinhive/contracts';
import type { Pool } from 'pg';

/** An advisory as an operator sets it (`npm run admin -- search advisories set ...`). */
export interface Advisory {
  /** 1 to 3 words; stored folded (lower case, no accents), as queries are matched. */
  term: string;
  severity: 0 | 1 | 2;
  advisoryType: 0 | 4;
  resourceCountry: string | null;
  advisoryDetails: string | null;
  notice: Notice;
}

interface Row { term: string; severity: 0 | 1 | 2; advisory_type: 0 | 4; resource_country: string | null; advisory_details: string | null; notice: Notice }

const fromRow = (r: Row): Advisory => ({
  term: r.term, severity: r.severity, advisoryType: r.advisory_type, resourceCountry: r.resource_country, advisoryDetails: r.advisory_details, notice: r.notice,
});

/**
 * The operators' list of sensitive queries (section 4 "Search advisory"), in the search
 * database. A query matches an advisory when a run of 1 to 3 of its words (folded) is the
 * advisory's term: one read by the key, at most 3 per word of the query. When several match, the
 * longest term wins, then the most severe (0, abusive).
 */
export class Advisories {
  constructor(private readonly pool: Pool) {}

  async set(advisory: Advisory): Promise<Advisory> {
    const notice = noticeSchema.parse(advisory.notice);
    const { rows } = await this.pool.query<Row & { words: number }>(
      `INSERT INTO search_advisories (term, severity, advisory_type, resource_country, advisory_details, notice)
       SELECT array_to_string(search_words_of($1), ' '), $2, $3, $4, $5, $6
       ON CONFLICT (term) DO UPDATE SET severity = EXCLUDED.severity, advisory_type = EXCLUDED.advisory_type, resource_country = EXCLUDED.resource_country,
         advisory_details = EXCLUDED.advisory_details, notice = EXCLUDED.notice, updated_at = now()
       RETURNING *, cardinality(string_to_array(term, ' ')) AS words`,
      [advisory.term, advisory.severity, advisory.advisoryType, advisory.resourceCountry, advisory.advisoryDetails, JSON.stringify(notice)],
    );
    const row = rows[0];
    if (!row || row.term === '' || row.words > ADVISORY_TERM_MAX_WORDS) {
      if (row) await this.remove(row.term);
      throw new Error(`an advisory's term is 1 to ${ADVISORY_TERM_MAX_WORDS} words (got "${advisory.term}")`);
    }
    return fromRow(row);
  }

  async remove(term: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM search_advisories WHERE term = array_to_string(search_words_of($1), \' \')', [term]);
    return (rowCount ?? 0) > 0;
  }

  /** Every advisory, by term (an operator's list: hundreds, not millions). */
  async list(): Promise<Advisory[]> {
    const { rows } = await this.pool.query<Row>('SELECT * FROM search_advisories ORDER BY term');
    return rows.map(fromRow);
  }

  async match(query: string): Promise<Sensitivity | null> {
    const { rows } = await this.pool.query<Row>(
      `WITH w AS (SELECT search_words_of($1) AS a)
       SELECT s.* FROM w, generate_series(1, cardinality(w.a)) i, generate_series(0, ${ADVISORY_TERM_MAX_WORDS - 1}) k, search_advisories s
       WHERE i + k <= cardinality(w.a) AND s.term = array_to_string(w.a[i:i + k], ' ')
       ORDER BY k DESC, s.severity, s.term LIMIT 1`,
      [query],
    );
    const row = rows[0];
    if (!row) return null;
    return { advisory: row.term, severity: row.severity, advisory_type: row.advisory_type, resource_country: row.resource_country, advisory_details: row.advisory_details, notices: [row.notice] };
  }
}
