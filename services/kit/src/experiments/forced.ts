import type { Request } from 'express';
import { EXPERIMENT_OVERRIDE_COOKIE } from '@pinhive/contracts';
import { readCookie } from '../auth/middleware';
import { parseOverrides, type ForcedGroups } from './allocations';

/**
 * The groups a request forces with the `ph_exp` cookie, where that is allowed (outside
 * production: tests and demos); none otherwise. Every check of a viewer's group on a request
 * reads it here, so the experiments call, the pin-creation switches and the pin builder agree.
 */
export function forcedGroupsOf(req: Request, allowOverrides: boolean): ForcedGroups {
  return allowOverrides ? parseOverrides(readCookie(req, EXPERIMENT_OVERRIDE_COOKIE)) : {};
}
