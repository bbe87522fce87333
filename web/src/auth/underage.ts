import { SESSION_COOKIES } from '@pinhive/contracts';
import { readCookie } from '../api/cookies';

/** The flag value the server stores after an under-age rejection (spec section 9: "1"). */
export const UNDERAGE_FLAG = '1';

/** True when this browser was refused sign-up for age: sign-up stays blocked (spec section 4). */
export function hasUnderageFlag(cookies: string = document.cookie): boolean {
  return readCookie(SESSION_COOKIES.underage, cookies) === UNDERAGE_FLAG;
}
