import { createHash } from 'node:crypto';
import { EXPERIMENT_NAMES, EXPERIMENTS, type ExperimentGroup, type ExperimentName } from '@pinhive/contracts';
import { z } from 'zod';

/**
 * One experiment's allocation: the share (0-100 %) of viewers hashed into each non-control
 * group (the rest is control), and the people an operator named into a group (staff in
 * `employees`), who are in it whatever their hash.
 */
export interface ExperimentAllocation {
  shares: Partial<Record<string, number>>;
  members: Partial<Record<string, string[]>>;
}
export type Allocations = Record<ExperimentName, ExperimentAllocation>;

/** At most this many people named in one experiment: the whole table travels to every service. */
export const NAMED_PEOPLE_MAX = 200;

/** Every experiment with nobody in it: all control. */
export function emptyAllocations(): Allocations {
  return Object.fromEntries(EXPERIMENT_NAMES.map((name) => [name, { shares: {}, members: {} }])) as Allocations;
}

export const isExperiment = (name: string): name is ExperimentName => Object.hasOwn(EXPERIMENTS, name);
export const isGroupOf = (name: ExperimentName, group: string): boolean => (EXPERIMENTS[name] as readonly string[]).includes(group);

/**
 * What the experiences service answers on its internal route (`ALLOCATIONS_PATH`): the whole
 * table and its stamp, which changes on every edit. Loose on purpose: a service built before an
 * experiment or group was added ignores what it does not know (`normalise`).
 */
export const allocationsSnapshotSchema = z.object({
  stamp: z.string().min(1),
  /** Edits so far (0: nothing stored, the configured starting values); for people reading it. */
  version: z.number().int().min(0),
  experiments: z.record(z.string(), z.object({
    shares: z.record(z.string(), z.number().min(0).max(100)),
    members: z.record(z.string(), z.array(z.string()).max(NAMED_PEOPLE_MAX)),
  })),
});
export type AllocationsSnapshot = z.infer<typeof allocationsSnapshotSchema>;

/** Where each experiences instance serves the snapshot, held open until it changes (the gateway does not route it). */
export const ALLOCATIONS_PATH = '/internal/experiments/allocations/';
/** How long experiences holds a request whose `after` is still the current stamp, before answering it unchanged. */
export const LONG_POLL_HOLD_MS = 25_000;

/**
 * The allocations of a snapshot (or a stored document) over `base`: experiments and groups this
 * build does not know are dropped, experiments it lacks keep `base`'s.
 */
export function normalise(experiments: AllocationsSnapshot['experiments'], base: Allocations = emptyAllocations()): Allocations {
  const out: Allocations = structuredClone(base);
  for (const [name, allocation] of Object.entries(experiments)) {
    if (!isExperiment(name)) continue;
    const shares: Partial<Record<string, number>> = {};
    for (const [group, percent] of Object.entries(allocation.shares)) if (isGroupOf(name, group) && group !== 'control') shares[group] = percent;
    const members: Partial<Record<string, string[]>> = {};
    for (const [group, ids] of Object.entries(allocation.members)) if (isGroupOf(name, group) && ids.length > 0) members[group] = [...ids];
    out[name] = { shares, members };
  }
  return out;
}

/**
 * A viewer's bucket in an experiment: a stable hash of experiment and viewer into 10000
 * buckets, so a viewer keeps their group across visits and experiments are independent.
 */
export function bucketOf(name: string, subject: string): number {
  return createHash('sha256').update(`${name}:${subject}`).digest().readUInt32BE(0) % 10_000;
}

/** Forced groups (the `ph_exp` cookie outside production), by experiment. */
export type ForcedGroups = Partial<Record<ExperimentName, string>>;

/**
 * The allocations ready to answer a viewer's group: named people by a map, everyone else by
 * their bucket against the shares in order. The experiences service and every service's
 * experiments client answer through this one function, so they always agree.
 */
export class AllocationTable {
  private readonly named = new Map<ExperimentName, Map<string, string>>();

  constructor(readonly allocations: Allocations) {
    for (const name of EXPERIMENT_NAMES) {
      const people = new Map<string, string>();
      for (const [group, ids] of Object.entries(allocations[name].members)) for (const id of ids ?? []) people.set(id, group);
      if (people.size > 0) this.named.set(name, people);
    }
  }

  groupOf<N extends ExperimentName>(name: N, subject: string | undefined, forced: ForcedGroups = {}): ExperimentGroup<N> {
    const force = forced[name];
    if (force !== undefined && isGroupOf(name, force)) return force as ExperimentGroup<N>;
    if (!subject) return 'control';
    const named = this.named.get(name)?.get(subject);
    if (named !== undefined) return named as ExperimentGroup<N>;
    const bucket = bucketOf(name, subject);
    let edge = 0;
    for (const [group, percent] of Object.entries(this.allocations[name].shares)) {
      edge += (percent ?? 0) * 100;
      if (bucket < edge) return group as ExperimentGroup<N>;
    }
    return 'control';
  }
}

/** `ph_exp=name:group,...` (honoured outside production only): forced groups; unknown parts are ignored. */
export function parseOverrides(cookie: string | undefined): ForcedGroups {
  const out: ForcedGroups = {};
  for (const part of (cookie ?? '').split(',')) {
    const [name = '', group = ''] = part.trim().split(':');
    if (isExperiment(name) && isGroupOf(name, group)) out[name] = group;
  }
  return out;
}
