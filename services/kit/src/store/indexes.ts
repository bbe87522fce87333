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

/** The indexes a collection has, by key; none when the collection does not exist yet. */
async function existingKeys(conn: Connection, collection: string): Promise<Set<string>> {
  try {
    const list = await conn.collection(collection).listIndexes().toArray();
    return new Set(list.map((i: { key: unknown }) => JSON.stringify(i.key)));
  } catch (err) {
    if ((err as { codeName?: string }).codeName === 'NamespaceNotFound') return new Set();
    throw err;
  }
}

/**
 * Creates the declared indexes a collection does not have yet, compared by key (one
 * createIndexes per collection, only when something is missing). Asking again for an index that
 * exists is not safe on FerretDB 1.24: when another collection of the database has an index of
 * the same name (`outboxPending_1` on users and sessions), it creates the existing one a second
 * time and its next createIndexes on that collection panics.
 */
export async function ensureIndexes(conn: Connection, specs: readonly IndexSpec[]): Promise<void> {
  const byCollection = new Map<string, IndexSpec[]>();
  for (const s of specs) byCollection.set(s.collection, [...(byCollection.get(s.collection) ?? []), s]);
  for (const [collection, list] of byCollection) {
    const existing = await existingKeys(conn, collection);
    const missing = list.filter((s) => !existing.has(JSON.stringify(s.key)));
    if (missing.length === 0) continue;
    await conn.collection(collection).createIndexes(missing.map((s) => ({ key: s.key, name: indexName(s.key), ...(s.unique ? { unique: true } : {}) })));
  }
}
