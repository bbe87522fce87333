import type { Logger } from '@pinhive/kit';
import type { Pool } from 'pg';
import { PgSearchIndex } from './pg/pg-search.index';
import { searchHandlers } from './search.handlers';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';

/** Search: the index (PostgreSQL), the events that keep it, and BaseSearchResource. */
export function searchModule(deps: { pool: Pool; logger: Logger }) {
  const index = new PgSearchIndex(deps.pool);
  return { index, routes: searchRoutes(new SearchService(index)), handlers: searchHandlers(index, deps.logger) };
}
