import type { Connection } from 'mongoose';
import type { IndexSpec } from './indexes';

type Doc = Record<string, unknown>;

/**
 * A query a service sends on a hot path, written as the repository sends it (with sample
 * values that match the seeded documents). The hot-query guard
 * (test/integration/hot-queries.int.test.ts) seeds the collections, asks the real store to
 * explain each query and fails, naming it, when the plan is not an index scan or when it reads
 * more documents than `reads`.
 */
export interface HotQuery {
  /** What the service does with it: "log-in by email". */
  name: string;
  collection: string;
  filter: Doc;
  /** Most documents the store may read to answer it: 1 for a lookup, the page size for a list. */
  reads?: number;
}

/** A service's hot queries, with the indexes it declares and a way to seed realistic data. */
export interface HotQuerySet {
  service: string;
  indexes: readonly IndexSpec[];
  /** Per collection: how many documents to seed and the i-th one, shaped as the service writes it. */
  seeds: Record<string, { count: number; doc: (i: number) => Doc }>;
  queries: readonly HotQuery[];
}

export interface QueryPlan {
  store: 'ferretdb' | 'mongodb';
  /** Served from an index (no full scan of the collection). */
  indexed: boolean;
  /** Documents the store reads to answer the query. */
  reads: number;
  /** The plan's node or stage names, for the failure message. */
  summary: string;
}

type PlanNode = { 'Node Type'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
type Stage = { stage?: string; inputStage?: Stage; inputStages?: Stage[]; indexName?: string };

function pgNodes(node: PlanNode | undefined): PlanNode[] {
  return node ? [node, ...(node.Plans ?? []).flatMap(pgNodes)] : [];
}

function mongoStages(stage: Stage | undefined): Stage[] {
  return stage ? [stage, ...mongoStages(stage.inputStage), ...(stage.inputStages ?? []).flatMap(mongoStages)] : [];
}

/**
 * The part of a filter FerretDB hands to PostgreSQL: top-level equality on a scalar. The rest
 * (null, `$` operators, dotted paths, arrays, sub-documents) it checks itself on every document
 * the pushed-down part returns, so that part's match is what it reads.
 */
export function pushedDownPart(filter: Doc): Doc {
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date;
  return Object.fromEntries(Object.entries(filter).filter(([k, v]) => !k.startsWith('$') && !k.includes('.') && scalar(v)));
}

/**
 * Asks the store how it would answer `find(filter)`. FerretDB's explain carries PostgreSQL's
 * plan (`queryPlanner.Plan`) and whether the filter was pushed down; MongoDB's carries its
 * winning plan and, with executionStats, the documents examined.
 */
export async function explainFind(conn: Connection, collection: string, filter: Doc): Promise<QueryPlan> {
  const db = conn.db;
  if (!db) throw new Error('not connected');
  const res = await db.command({ explain: { find: collection, filter }, verbosity: 'executionStats' });
  if ('filterPushdown' in res) {
    const planner = res.queryPlanner as { Plan?: PlanNode } | undefined;
    const nodes = pgNodes(planner?.Plan);
    const types = nodes.map((n) => `${n['Node Type'] ?? '?'}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
    const indexed = res.filterPushdown === true && nodes.some((n) => /Index/.test(n['Node Type'] ?? '')) && !nodes.some((n) => n['Node Type'] === 'Seq Scan');
    const pushed = pushedDownPart(filter);
    const reads = Object.keys(pushed).length === 0 ? await db.collection(collection).estimatedDocumentCount() : await db.collection(collection).countDocuments(pushed);
    return { store: 'ferretdb', indexed, reads, summary: types.join(' > ') };
  }
  const stages = mongoStages((res.queryPlanner as { winningPlan?: Stage } | undefined)?.winningPlan);
  const names = stages.map((s) => `${s.stage ?? '?'}${s.indexName ? ` ${s.indexName}` : ''}`);
  const indexed = stages.some((s) => /IXSCAN|IDHACK|EXPRESS/.test(s.stage ?? '')) && !stages.some((s) => s.stage === 'COLLSCAN');
  const reads = Number((res.executionStats as { totalDocsExamined?: number } | undefined)?.totalDocsExamined ?? Number.NaN);
  return { store: 'mongodb', indexed, reads, summary: names.join(' > ') };
}
