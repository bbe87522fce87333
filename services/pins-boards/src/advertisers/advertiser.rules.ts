import { actsOnBehalf, type AdvertiserRole, type BoardPrivacy } from '@pinhive/contracts';

/**
 * The privacy of a board made for an advertiser (section 6): someone acting on behalf of an
 * advertiser another person owns makes protected boards ("boards are made protected": not listed
 * on their profile), whatever was asked; the advertiser's owner keeps the choice.
 */
export function advertisedBoardPrivacy(role: AdvertiserRole, asked: BoardPrivacy): BoardPrivacy {
  return actsOnBehalf({ role }) ? 'protected' : asked;
}
