import { experimentsResponseSchema, type ExperimentsResponse } from '@pinhive/contracts';
import { apiRequest } from './client';

/** `GET /v3/experiences/experiments/`: this viewer's group in each experiment the web app knows. */
export function fetchExperiments(signal?: AbortSignal): Promise<ExperimentsResponse> {
  return apiRequest('/v3/experiences/experiments/', { signal, schema: experimentsResponseSchema });
}
