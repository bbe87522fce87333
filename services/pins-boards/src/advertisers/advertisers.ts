import type { Connection } from 'mongoose';
import type { ReadCache } from '@pinhive/kit';
import { AdvertiserAccess, type KeptRole } from './advertiser-access';
import { AdvertiserAccessRepository } from './advertiser-access.repository';
import { advertiserHandlers } from './advertiser.handlers';

/** Acting for an advertiser (section 6): who may, from ads' events, and the check the boards and pins ask. */
export function advertisersModule(deps: { mongo: Connection; kept: ReadCache<KeptRole> }) {
  const repo = new AdvertiserAccessRepository(deps.mongo, (id) => deps.kept.changed(id));
  return { access: new AdvertiserAccess(repo, deps.kept), handlers: advertiserHandlers(repo) };
}
