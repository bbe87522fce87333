import type { Connection } from 'mongoose';
import type { ExperimentName } from '@pinhive/contracts';
import { AllocationTable, type Allocations, type Logger, type ReadinessCheck } from '@pinhive/kit';
import { AllocationRepository } from './allocation.repository';
import { AllocationWatcher } from './allocation.watcher';
import { experimentRoutes } from './experiment.routes';

/**
 * Experiments (docs/decisions/experiments.md): allocations stored here and edited by the operator
 * commands, watched by each instance, answered to browsers (a viewer's groups) and to the
 * services' experiments client (the whole table, by long-poll).
 */
export function experimentsModule(deps: { mongo: Connection; logger: Logger; starting: Allocations; allowOverrides: boolean; secureCookies: boolean }) {
  const watcher = new AllocationWatcher(new AllocationRepository(deps.mongo, deps.starting), deps.logger);
  watcher.start();
  const startingTable = new AllocationTable(deps.starting);
  return {
    /** A viewer's group with the allocations in use (the starting ones until the store first answered). */
    groupOf: (name: ExperimentName, subject: string): string => (watcher.current?.table ?? startingTable).groupOf(name, subject),
    routes: experimentRoutes(watcher, deps.starting, { allowOverrides: deps.allowOverrides, secureCookies: deps.secureCookies }),
    // Ready once the allocations were read: before, the services would be told nothing.
    checks: [{ name: 'experiments', check: () => Promise.resolve(watcher.current !== undefined) }] satisfies ReadinessCheck[],
    stop: () => watcher.stop(),
  };
}
