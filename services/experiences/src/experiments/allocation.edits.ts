import { EXPERIMENTS, type ExperimentName } from '@pinhive/contracts';
import { isExperiment, isGroupOf, NAMED_PEOPLE_MAX, type Allocations } from '@pinhive/kit';

/**
 * The operator's edits of the allocations (`npm run admin -- experiments ...`), as pure
 * functions: each checks its input and answers new allocations, or throws a message that says
 * what is wrong and what would be right.
 */

const groupsOf = (name: ExperimentName) => EXPERIMENTS[name] as readonly string[];

export function checkExperiment(name: string): ExperimentName {
  if (!isExperiment(name)) throw new Error(`unknown experiment "${name}" (known: ${Object.keys(EXPERIMENTS).join(', ')})`);
  return name;
}

function checkGroup(name: ExperimentName, group: string): string {
  if (!isGroupOf(name, group)) throw new Error(`"${group}" is not a group of ${name} (its groups: ${groupsOf(name).join(', ')})`);
  return group;
}

/** A share in percent: a number from 0 to 100 (0.01 % steps: viewers are hashed into 10000 buckets). */
export function shareOf(text: string, what = text): number {
  const value = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new Error(`${what}: the share must be 0 to 100`);
  return Math.round(value * 100) / 100;
}

/** The groups' shares of one experiment may not add up to more than 100 %. */
export function checkShares(name: ExperimentName, shares: Partial<Record<string, number>>): void {
  const entries = Object.entries(shares).filter(([, p]) => (p ?? 0) > 0);
  const total = Math.round(entries.reduce((sum, [, p]) => sum + (p ?? 0), 0) * 100) / 100;
  if (total > 100) throw new Error(`${name}: the shares add up to more than 100 % (${entries.map(([g, p]) => `${g} ${p} %`).join(' + ')} = ${total} %); lower another group first`);
}

/** `set NAME GROUP PERCENT`: GROUP's share of NAME; the other groups keep theirs, control takes the rest. */
export function setShare(current: Allocations, rawName: string, rawGroup: string, percent: string): Allocations {
  const name = checkExperiment(rawName);
  const group = checkGroup(name, rawGroup);
  if (group === 'control') throw new Error(`control is everyone in no other group of ${name}: set the other groups' shares instead`);
  const share = shareOf(percent, `${name} ${group} ${percent}`);
  const shares = { ...current[name].shares, [group]: share };
  if (share === 0) delete shares[group];
  checkShares(name, shares);
  return { ...current, [name]: { ...current[name], shares } };
}

/** `assign NAME GROUP USER_ID`: the person is in GROUP whatever their hash (control keeps them out). */
export function assignPerson(current: Allocations, rawName: string, rawGroup: string, userId: string): Allocations {
  const name = checkExperiment(rawName);
  const group = checkGroup(name, rawGroup);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) throw new Error(`"${userId}" is not a user id (letters, digits, - and _; npm run admin -- show EMAIL prints it)`);
  const members = withoutPerson(current[name].members, userId);
  members[group] = [...(members[group] ?? []), userId];
  const count = Object.values(members).reduce((n, ids) => n + (ids?.length ?? 0), 0);
  if (count > NAMED_PEOPLE_MAX) throw new Error(`${name} names ${NAMED_PEOPLE_MAX} people already: unassign someone first`);
  return { ...current, [name]: { ...current[name], members } };
}

/** `unassign NAME USER_ID`: the person's group is their hash's again. */
export function unassignPerson(current: Allocations, rawName: string, userId: string): Allocations {
  const name = checkExperiment(rawName);
  const named = Object.values(current[name].members).some((ids) => ids?.includes(userId));
  if (!named) throw new Error(`${userId} is not named in ${name}`);
  return { ...current, [name]: { ...current[name], members: withoutPerson(current[name].members, userId) } };
}

function withoutPerson(members: Partial<Record<string, string[]>>, userId: string): Partial<Record<string, string[]>> {
  const out: Partial<Record<string, string[]>> = {};
  for (const [group, ids] of Object.entries(members)) {
    const kept = (ids ?? []).filter((id) => id !== userId);
    if (kept.length > 0) out[group] = kept;
  }
  return out;
}
