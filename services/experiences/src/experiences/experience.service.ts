import { LRUCache } from 'lru-cache';
import { appError, type Viewer } from '@pinhive/kit';
import { isFinished, type ExperienceStatus, type ExperimentName, type UserExperience, type UserExperiencesResponse } from '@pinhive/contracts';
import type { ExperienceDefinitions } from './experience.definitions';
import type { ExperienceDoc, ExperiencePersonDoc } from './experience.model';
import type { ExperiencePeople } from './experience.people';
import { targets } from './experience.targeting';

export interface ExperienceRequest {
  placementIds: readonly string[];
  country?: string | undefined;
  multi: boolean;
}

/** A viewer's group in an experiment (the experiments module's assignment). */
export type GroupOf = (experiment: ExperimentName, subject: string) => string;

const present = (doc: ExperienceDoc, status: ExperienceStatus | null): UserExperience => ({
  experience_id: doc.experience_id,
  placement_id: doc.placement_id,
  placed_experience_id: doc._id,
  display_data: doc.display_data,
  triggerable_placed_exps: doc.triggerable_placed_exps,
  metadata: doc.metadata,
  status,
});

/**
 * What a viewer should see at each placement, and the status changes they make. The rules: an
 * experience is shown while enabled, targeted at the viewer, triggered if it waits for a trigger,
 * and not finished (dismissed or completed) by this person.
 */
export class ExperienceService {
  /**
   * `person|placed` pairs known to be completed. Every save is an event this service handles, and
   * all but a person's first find the step done: remembering that spares the store two commands
   * per save (the conditional write that matches nothing, then its retry without upsert). A
   * completion never goes back, so an entry is never stale; an instance that forgot pays the
   * writes once again.
   */
  private readonly completed = new LRUCache<string, true>({ max: 200_000 });

  constructor(private readonly deps: { definitions: ExperienceDefinitions; people: ExperiencePeople; groupOf: GroupOf; now?: () => Date }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async forViewer(viewer: Viewer | undefined, subject: string, request: ExperienceRequest): Promise<UserExperiencesResponse> {
    const person: ExperiencePersonDoc | null = viewer ? await this.deps.people.find(viewer.userId) : null;
    const facts = {
      viewerType: viewer?.viewerType ?? 'UNAUTH',
      country: person?.country ?? request.country ?? null,
      registeredAt: person?.registeredAt ?? null,
      groupOf: (name: ExperimentName) => this.deps.groupOf(name, subject),
    } as const;
    const now = this.now();
    const out: UserExperiencesResponse = {};
    for (const placementId of request.placementIds) {
      const shown: UserExperience[] = [];
      for (const doc of await this.deps.definitions.atPlacement(placementId)) {
        const status = person?.statuses?.[doc._id]?.status ?? null;
        if (!doc.enabled || isFinished(status) || (doc.triggered_only && status === null) || !targets(doc.targeting, facts, now)) continue;
        shown.push(present(doc, status));
        if (!request.multi) break;
      }
      out[placementId] = shown;
    }
    return out;
  }

  /**
   * Moves the viewer's status of one placed experience forward (never back: experience.people.ts).
   * Completing one triggers those it names. Answers the status now held.
   */
  async advance(userId: string, placedId: string, status: ExperienceStatus): Promise<ExperienceStatus | null> {
    const doc = await this.deps.definitions.byId(placedId);
    if (!doc) throw appError('not_found', { message: 'There is no such experience.', field: 'placed_experience_id' });
    const at = this.now();
    await this.deps.people.advance(userId, placedId, status, at);
    if (status === 'completed' || status === 'completedWithoutHomefeed') await this.triggerNext(userId, doc, at);
    return (await this.deps.people.find(userId))?.statuses?.[placedId]?.status ?? null;
  }

  /** A completed experience triggers the placed experiences it names. */
  private async triggerNext(userId: string, doc: ExperienceDoc, at: Date): Promise<void> {
    for (const next of doc.triggerable_placed_exps) await this.deps.people.advance(userId, next, 'triggered', at);
  }

  /** An event about this person completes every enabled experience that names its type. */
  async completeByEvent(userId: string, eventType: string, at: Date): Promise<void> {
    for (const doc of await this.deps.definitions.completedBy(eventType)) {
      const key = `${userId}|${doc._id}`;
      if (this.completed.has(key)) continue;
      if (await this.deps.people.advance(userId, doc._id, 'completed', at)) await this.triggerNext(userId, doc, at);
      // Either way it is completed now (a write that changed nothing met a status as far on).
      this.completed.set(key, true);
    }
  }
}
