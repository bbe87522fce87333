import { createHash } from 'node:crypto';
import { EXPERIMENT_NAMES, EXPERIMENTS, type ExperimentName } from '@pinhive/contracts';

/** Per experiment, the share (0-100 %) of viewers in each non-control group; the rest is control. */
export type Allocations = { [N in ExperimentName]: Partial<Record<(typeof EXPERIMENTS)[N][number], number>> };

export const DEFAULT_ALLOCATIONS: Allocations = {
  ...(Object.fromEntries(EXPERIMENT_NAMES.map((name) => [name, {}])) as Allocations),
  // Off until the product enables the consent step (the spec keeps it behind this experiment).
  kr_privacy_consent: { enabled: 0 },
  web_google_disabled: { enabled: 0 },
  dweb_unauth_remove_fb_signup_iteration: { enabled: 0 },
};

const isExperiment = (name: string): name is ExperimentName => Object.hasOwn(EXPERIMENTS, name);
const isGroup = (name: ExperimentName, group: string) => (EXPERIMENTS[name] as readonly string[]).includes(group);

/**
 * Parses `name=group:percent,...;name2=...` (EXPERIMENT_ALLOCATIONS) over the defaults, with a
 * message naming what is wrong.
 */
export function parseAllocations(text: string): Allocations {
  const out: Allocations = structuredClone(DEFAULT_ALLOCATIONS);
  for (const entry of text.split(';').map((s) => s.trim()).filter(Boolean)) {
    const [name = '', groups = ''] = entry.split('=');
    if (!isExperiment(name)) throw new Error(`unknown experiment "${name}" (known: ${Object.keys(EXPERIMENTS).join(', ')})`);
    const shares: Record<string, number> = {};
    for (const part of groups.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [group = '', percent = ''] = part.split(':');
      const value = Number(percent);
      if (!isGroup(name, group) || group === 'control') throw new Error(`"${group}" is not a group of ${name} to allocate`);
      if (!Number.isFinite(value) || value < 0 || value > 100) throw new Error(`${name}=${group}:${percent}: the share must be 0 to 100`);
      shares[group] = value;
    }
    if (Object.values(shares).reduce((a, b) => a + b, 0) > 100) throw new Error(`${name}: the shares add up to more than 100`);
    out[name] = shares;
  }
  return out;
}

/**
 * The group of one viewer: a stable hash of experiment and viewer into 10000 buckets, so a
 * viewer keeps their group across visits and experiments are independent of each other.
 */
export function groupOf<N extends ExperimentName>(name: N, subject: string, allocations: Allocations): (typeof EXPERIMENTS)[N][number] {
  const bucket = createHash('sha256').update(`${name}:${subject}`).digest().readUInt32BE(0) % 10_000;
  let edge = 0;
  const shares: Partial<Record<string, number>> = allocations[name];
  for (const [group, percent] of Object.entries(shares)) {
    edge += (percent ?? 0) * 100;
    if (bucket < edge) return group as (typeof EXPERIMENTS)[N][number];
  }
  return 'control';
}

/** `ph_exp=name:group,...` (outside production only): forced groups; unknown parts are ignored. */
export function parseOverrides(cookie: string | undefined): Partial<Record<ExperimentName, string>> {
  const out: Partial<Record<ExperimentName, string>> = {};
  for (const part of (cookie ?? '').split(',')) {
    const [name = '', group = ''] = part.trim().split(':');
    if (isExperiment(name) && isGroup(name, group)) out[name] = group;
  }
  return out;
}
