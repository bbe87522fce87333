import type { Connection } from 'mongoose';
import type { OutboxTarget } from '@pinhive/kit';
import type { PersonRepository } from '../people/person.repository';
import { advertiserHandlers } from './advertiser.handlers';
import { Memberships } from './advertiser.membership';
import { AdvertiserRepository } from './advertiser.repository';
import { advertiserRoutes } from './advertiser.routes';
import { AdvertiserService } from './advertiser.service';
import { MemberRepository } from './member.repository';

/** Advertisers and memberships: their routes and their own events' handlers. */
export function advertisersModule(deps: { mongo: Connection; people: PersonRepository; kick: (target: OutboxTarget) => void }) {
  const advertisers = new AdvertiserRepository(deps.mongo);
  const rows = new MemberRepository(deps.mongo);
  const memberships = new Memberships({ advertisers, rows });
  const service = new AdvertiserService({ advertisers, rows, people: deps.people, memberships, kick: deps.kick });
  return { service, repository: advertisers, routes: advertiserRoutes(service), handlers: advertiserHandlers(memberships) };
}
