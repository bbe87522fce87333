import type { ServiceDefinition } from '@pinhive/kit';
import type { AdsConfig } from './config';

/**
 * The ads service. It owns its own database and answers health, readiness, metrics and its
 * OpenAPI document; its features arrive with their issues (saving-boards-ads.md).
 */
export function adsService(config: AdsConfig): ServiceDefinition<AdsConfig> {
  return { name: 'ads', config, setup: () => ({ routes: [] }) };
}
