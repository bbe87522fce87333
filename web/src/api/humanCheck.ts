import { z } from 'zod';
import { apiRequest } from './client';

const localTokenSchema = z.object({ token: z.string().min(1) });

/**
 * `POST /v3/auth/human_check/` (development and tests): the local stand-in for reCAPTCHA. A
 * single-use token, valid 2 minutes for this IP, to send as `recaptchaV2Token` with the log-in.
 */
export async function requestLocalHumanCheckToken(signal?: AbortSignal): Promise<string> {
  const { token } = await apiRequest('/v3/auth/human_check/', { method: 'POST', signal, schema: localTokenSchema });
  return token;
}
