import type { ServiceDefinition } from '@pinhive/kit';
import type { ExperiencesConfig } from './config';

/**
 * The experiences service. It owns its own database and answers health, readiness, metrics and its
 * OpenAPI document; its features arrive with their issues (saving-boards-ads.md).
 */
export function experiencesService(config: ExperiencesConfig): ServiceDefinition<ExperiencesConfig> {
  return { name: 'experiences', config, setup: () => ({ routes: [] }) };
}
