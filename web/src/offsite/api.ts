import { offsiteCheckSchema, type OffsiteCheck } from '@pinhive/contracts';
import { apiRequest } from '../api/client';

/** `GET /v3/offsite/`: a link's status and the signed path to follow it by. */
export function checkLink(url: string, pinId: string | undefined, signal?: AbortSignal): Promise<OffsiteCheck> {
  const query = new URLSearchParams({ url, check_only: 'true', ...(pinId ? { pin_id: pinId } : {}) });
  return apiRequest(`/v3/offsite/?${query.toString()}`, { schema: offsiteCheckSchema, ...(signal ? { signal } : {}) });
}
