import type { Logger, ReadCache } from '@pinhive/kit';
import type { Pool } from 'pg';
import { Advisories } from './advisories';
import { PgSearchIndex } from './pg/pg-search.index';
import { SearchResultsCache, type KeptAnswer } from './results-cache';
import { searchHandlers } from './search.handlers';
import { searchRoutes, type PromotedBeside } from './search.routes';
import { SearchService } from './search.service';

/** Search: the index (PostgreSQL), the events that keep it, the advisories, and their routes. */
export function searchModule(deps: { pool: Pool; plannedOnce?: Pool; logger: Logger; kept: ReadCache<KeptAnswer>; suggested: ReadCache<KeptAnswer>; promoted?: PromotedBeside }) {
  const index = new PgSearchIndex(deps.pool, { plannedOnce: deps.plannedOnce });
  const results = new SearchResultsCache({ answers: deps.kept, suggestions: deps.suggested }, index);
  return {
    index,
    routes: searchRoutes(new SearchService(index, results), new Advisories(deps.pool), deps.promoted),
    handlers: searchHandlers(index, deps.logger, () => results.changed()),
  };
}
