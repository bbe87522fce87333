import type { Connection } from 'mongoose';
import type { UserFollowRepository } from '../follows/user-follow.repository';
import type { PinService } from '../pins/pin.service';
import type { ProfileRepository } from '../profiles/profile.repository';
import { ListNumbers } from '../shared/list-numbers';
import type { People } from '../shared/people';
import { SendRepository } from './send.repository';
import { sendRoutes } from './send.routes';
import { SendService } from './send.service';

export interface SendsDeps {
  mongo: Connection;
  pins: PinService;
  profiles: ProfileRepository;
  userFollows: UserFollowRepository;
  people: People;
}

/** Sending pins to people, and each person's "Sent to you": its repository, service and routes (no events: nothing consumes a send yet). */
export function sendsModule(deps: SendsDeps) {
  const service = new SendService({
    sends: new SendRepository(deps.mongo),
    lists: new ListNumbers(deps.mongo),
    pins: deps.pins,
    profiles: deps.profiles,
    userFollows: deps.userFollows,
    people: deps.people,
  });
  return { service, routes: sendRoutes(service) };
}
