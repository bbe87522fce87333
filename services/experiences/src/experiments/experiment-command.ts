import { EXPERIMENT_NAMES, EXPERIMENTS, type ExperimentName } from '@pinhive/contracts';
import type { Allocations } from '@pinhive/kit';
import { assignPerson, checkExperiment, setShare, unassignPerson } from './allocation.edits';
import type { AllocationRepository, StampedAllocations } from './allocation.repository';

export const EXPERIMENTS_USAGE = `usage: npm run admin -- experiments <command>
  experiments list                         every experiment with its groups' shares
  experiments show NAME                    one experiment: its groups, shares and named people
  experiments set NAME GROUP PERCENT       GROUP's share of NAME (0-100; control takes the rest)
  experiments assign NAME GROUP USER_ID    put one person (staff) in GROUP whatever the shares
  experiments unassign NAME USER_ID        the person's group follows the shares again
Running services pick a change up within a second, without a restart.`;

const pct = (n: number) => `${Math.round(n * 100) / 100} %`;

/** `enabled 10 %, rollout 5 %, control 85 %` */
function sharesLine(allocations: Allocations, name: ExperimentName): string {
  const shares = Object.entries(allocations[name].shares).filter(([, p]) => (p ?? 0) > 0) as [string, number][];
  const rest = 100 - shares.reduce((sum, [, p]) => sum + p, 0);
  return [...shares.map(([g, p]) => `${g} ${pct(p)}`), `control ${pct(rest)}`].join(', ');
}

const namedCount = (allocations: Allocations, name: ExperimentName) => Object.values(allocations[name].members).reduce((n, ids) => n + (ids?.length ?? 0), 0);

function origin(stamped: StampedAllocations): string {
  return stamped.stored
    ? `stored, version ${stamped.version}, changed ${stamped.updatedAt?.toISOString() ?? '?'}`
    : 'nothing stored yet: the starting values (EXPERIMENT_ALLOCATIONS)';
}

function listLines(stamped: StampedAllocations): string[] {
  const width = Math.max(...EXPERIMENT_NAMES.map((n) => n.length)) + 2;
  return [
    `experiments (${origin(stamped)})`,
    ...EXPERIMENT_NAMES.map((name) => {
      const named = namedCount(stamped.allocations, name);
      return `  ${name.padEnd(width)}${sharesLine(stamped.allocations, name)}${named > 0 ? `; ${named} named` : ''}`;
    }),
  ];
}

function showLines(stamped: StampedAllocations, name: ExperimentName): string[] {
  const { shares, members } = stamped.allocations[name];
  const rest = 100 - Object.values(shares).reduce<number>((sum, p) => sum + (p ?? 0), 0);
  return [
    `${name} (${origin(stamped)})`,
    ...EXPERIMENTS[name].map((group) => {
      const share = group === 'control' ? `${pct(rest)} (everyone in no other group)` : pct(shares[group] ?? 0);
      const named = members[group] ?? [];
      return `  ${group.padEnd(10)}${share}${named.length > 0 ? `; named: ${named.join(', ')}` : ''}`;
    }),
  ];
}

/** The `experiments ...` operator commands against the stored allocations; the lines to print. */
export async function experimentsCommand(repo: AllocationRepository, args: string[]): Promise<string[]> {
  const [command, ...rest] = args;
  const expect = (count: number) => {
    if (rest.length !== count) throw new Error(`experiments ${command ?? ''} takes ${count === 1 ? 'one argument' : `${count} arguments`}\n${EXPERIMENTS_USAGE}`);
  };
  const changed = (stamped: StampedAllocations, name: string) => [
    `${name}: ${sharesLine(stamped.allocations, checkExperiment(name))} (version ${stamped.version})`,
    'running services pick it up within a second',
  ];
  switch (command ?? '') {
    case 'list':
      expect(0);
      return listLines(await repo.load());
    case 'show':
      expect(1);
      return showLines(await repo.load(), checkExperiment(rest[0]!));
    case 'set': {
      expect(3);
      const [name, group, percent] = rest as [string, string, string];
      return changed(await repo.change((current) => setShare(current, name, group, percent)), name);
    }
    case 'assign': {
      expect(3);
      const [name, group, userId] = rest as [string, string, string];
      const stamped = await repo.change((current) => assignPerson(current, name, group, userId));
      return [`${userId} is in ${group} of ${name} (version ${stamped.version})`, 'running services pick it up within a second'];
    }
    case 'unassign': {
      expect(2);
      const [name, userId] = rest as [string, string];
      const stamped = await repo.change((current) => unassignPerson(current, name, userId));
      return [`${userId} follows the shares of ${name} again (version ${stamped.version})`, 'running services pick it up within a second'];
    }
    default:
      throw new Error(EXPERIMENTS_USAGE);
  }
}
