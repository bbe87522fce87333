import { EXPERIMENTS } from '@pinhive/contracts';
import { emptyAllocations, type Allocations } from '@pinhive/kit';
import { checkExperiment, checkShares, shareOf } from './allocation.edits';

/**
 * The starting allocations, before `EXPERIMENT_ALLOCATIONS` and before an operator stored any
 * (`npm run admin -- experiments set`): every experiment at 0 %, everyone in control. The
 * consent step and the sign-up button changes stay off until the product turns them on.
 */
export const DEFAULT_ALLOCATIONS: Allocations = emptyAllocations();

/**
 * Parses `name=group:percent,...;name2=...` (EXPERIMENT_ALLOCATIONS) over the defaults, with a
 * message naming what is wrong. These are the starting values: once an operator changed the
 * allocations, the stored ones count (allocation.repository.ts).
 */
export function parseAllocations(text: string): Allocations {
  const out: Allocations = structuredClone(DEFAULT_ALLOCATIONS);
  for (const entry of text.split(';').map((s) => s.trim()).filter(Boolean)) {
    const [rawName = '', groups = ''] = entry.split('=');
    const name = checkExperiment(rawName);
    const shares: Record<string, number> = {};
    for (const part of groups.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [group = '', percent = ''] = part.split(':');
      if (!(EXPERIMENTS[name] as readonly string[]).includes(group) || group === 'control') throw new Error(`"${group}" is not a group of ${name} to allocate`);
      shares[group] = shareOf(percent, `${name}=${group}:${percent}`);
    }
    checkShares(name, shares);
    out[name] = { shares, members: {} };
  }
  return out;
}
