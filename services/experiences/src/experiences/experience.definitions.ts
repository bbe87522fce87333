import { experienceDefinitionSchema, type ExperienceDefinition } from '@pinhive/contracts';
import type { Connection } from 'mongoose';
import { EXPERIENCES_COLLECTION, EXPERIENCES_MAX, type ExperienceDoc } from './experience.model';

/**
 * A stored experience with the defaults of fields it lacks: the store may drop an empty list, and
 * an experience stored before a field existed gets its default.
 */
const complete = ({ _id, updatedAt, ...def }: ExperienceDoc): ExperienceDoc => ({ ...experienceDefinitionSchema.parse(def), _id, updatedAt });

/** How long an instance answers from its copy of the experiences before reading them again. */
export const DEFINITIONS_TTL_MS = 1000;

/**
 * The operator's experiences. Every request needs them and they are few (at most EXPERIENCES_MAX)
 * and rarely change, so each instance keeps the whole set in memory and reads it again at most
 * once a second: an operator's edit shows within a second, at one bounded read per second per
 * instance whatever the request rate. A failed refresh keeps the last copy.
 */
export class ExperienceDefinitions {
  private copy: { at: number; byPlacement: Map<string, ExperienceDoc[]>; byId: Map<string, ExperienceDoc> } | undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly conn: Connection, private readonly ttlMs = DEFINITIONS_TTL_MS) {}

  private docs() {
    return this.conn.collection<ExperienceDoc>(EXPERIENCES_COLLECTION);
  }

  private async load(): Promise<void> {
    const docs = (await this.docs().find({}).limit(EXPERIENCES_MAX).toArray()).map(complete);
    const byPlacement = new Map<string, ExperienceDoc[]>();
    for (const doc of docs.sort((a, b) => a.priority - b.priority || a._id.localeCompare(b._id))) {
      byPlacement.set(doc.placement_id, [...(byPlacement.get(doc.placement_id) ?? []), doc]);
    }
    this.copy = { at: Date.now(), byPlacement, byId: new Map(docs.map((d) => [d._id, d])) };
  }

  private async fresh() {
    if (!this.copy || Date.now() - this.copy.at > this.ttlMs) {
      this.loading ??= this.load().finally(() => (this.loading = undefined));
      try {
        await this.loading;
      } catch (err) {
        if (!this.copy) throw err;
      }
    }
    return this.copy!;
  }

  /** A placement's experiences, enabled or not, in priority order. */
  async atPlacement(placementId: string): Promise<ExperienceDoc[]> {
    return (await this.fresh()).byPlacement.get(placementId) ?? [];
  }

  async placements(): Promise<string[]> {
    return [...(await this.fresh()).byPlacement.keys()];
  }

  async byId(placedId: string): Promise<ExperienceDoc | undefined> {
    return (await this.fresh()).byId.get(placedId);
  }

  /** Every enabled experience some event completes (the onboarding handlers'). */
  async completedBy(eventType: string): Promise<ExperienceDoc[]> {
    return [...(await this.fresh()).byId.values()].filter((d) => d.enabled && d.completed_by_events.includes(eventType as never));
  }

  // The operator's side (admin.ts): straight to the store.

  async list(): Promise<ExperienceDoc[]> {
    return (await this.docs().find({}).limit(EXPERIENCES_MAX).toArray()).map(complete);
  }

  /** Creates or replaces one experience; validated whole, so a stored one is always usable. */
  async put(input: unknown, now = new Date()): Promise<ExperienceDoc> {
    const def: ExperienceDefinition = experienceDefinitionSchema.parse(input);
    const _id = `${def.placement_id}:${def.experience_id}`;
    if (!(await this.docs().findOne({ _id })) && (await this.docs().countDocuments({}, { limit: EXPERIENCES_MAX })) >= EXPERIENCES_MAX) {
      throw new Error(`there are already ${EXPERIENCES_MAX} experiences, the most this service keeps: disable and reuse one`);
    }
    const doc: ExperienceDoc = { ...def, _id, updatedAt: now };
    await this.docs().replaceOne({ _id }, doc, { upsert: true });
    return doc;
  }

  async setEnabled(placedId: string, enabled: boolean): Promise<boolean> {
    return (await this.docs().updateOne({ _id: placedId }, { $set: { enabled, updatedAt: new Date() } })).matchedCount > 0;
  }

  /** Inserts the given experiences where no experience of that id exists (the starting set). */
  async seed(defs: readonly ExperienceDefinition[]): Promise<void> {
    for (const def of defs) {
      const _id = `${def.placement_id}:${def.experience_id}`;
      await this.docs().updateOne({ _id }, { $setOnInsert: { ...experienceDefinitionSchema.parse(def), updatedAt: new Date() } }, { upsert: true });
    }
  }
}
