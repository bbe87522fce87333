import type { Logger } from '@pinhive/kit';
import type { Connection } from 'mongoose';
import { OffsiteBlocks } from './offsite-blocks.repository';
import { offsiteRedirectRouter, offsiteRoutes } from './offsite.routes';
import { OffsiteService } from './offsite.service';
import { OffsiteTokens } from './offsite.token';

/** Safe outbound links: the check, the signed redirect and the operators' list (docs/decisions/offsite-links.md). */
export function offsiteModule(deps: { mongo: Connection; logger: Logger; secret: string }) {
  const service = new OffsiteService({ blocks: new OffsiteBlocks(deps.mongo), tokens: new OffsiteTokens(deps.secret), logger: deps.logger });
  return { service, routes: offsiteRoutes(service), router: offsiteRedirectRouter(service) };
}
