import type { Connection } from 'mongoose';

/**
 * One index a collection needs, declared once beside its model and created by the kit at start
 * (`ServiceDefinition.indexes`). Equality lookups are what the store serves from an index: on
 * FerretDB with PostgreSQL, the front (infra/ferretdb) gives each declared index a companion GIN
 * index that serves FerretDB's pushed-down `@>` filters; on MongoDB the index itself does.
 */
export interface IndexSpec {
  collection: string;
  key: Record<string, 1 | -1>;
  unique?: boolean;
}

/** Declares a collection's indexes (identity helper, so declarations read alike everywhere). */
export function defineIndexes(collection: string, indexes: readonly Omit<IndexSpec, 'collection'>[]): IndexSpec[] {
  return indexes.map((i) => ({ collection, ...i }));
}

/** A stable index name from its fields, as MongoDB names them (`email_1`, `a_1_b_-1`). */
export function indexName(key: IndexSpec['key']): string {
  return Object.entries(key).map(([k, v]) => `${k}_${v}`).join('_');
}

/**
 * Creates the declared indexes (idempotent: an existing index with the same key and options is
 * left as it is). One createIndexes per collection.
 */
export async function ensureIndexes(conn: Connection, specs: readonly IndexSpec[]): Promise<void> {
  const byCollection = new Map<string, IndexSpec[]>();
  for (const s of specs) byCollection.set(s.collection, [...(byCollection.get(s.collection) ?? []), s]);
  for (const [collection, list] of byCollection) {
    await conn.collection(collection).createIndexes(list.map((s) => ({ key: s.key, name: indexName(s.key), ...(s.unique ? { unique: true } : {}) })));
  }
}
