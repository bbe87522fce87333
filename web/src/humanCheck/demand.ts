import { humanCheckDemandSchema, type HumanCheckDemand } from '@pinhive/contracts';
import { isApiError } from '../api/client';

/**
 * The human check a failed log-in asks for: `login_too_quick` (the IP rule, spec section 4)
 * with a readable `error.data`. Anything else, and a `login_too_quick` whose data we can't read
 * (no check we could show), is null: the form shows that failure as usual.
 */
export function humanCheckDemandFrom(error: unknown): HumanCheckDemand | null {
  if (!isApiError(error) || error.code !== 'login_too_quick') return null;
  const parsed = humanCheckDemandSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}
