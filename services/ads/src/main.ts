import { main, startService } from '@pinhive/kit';
import { loadAdsConfig } from './config';
import { adsService } from './service';

main(() => startService(adsService(loadAdsConfig(process.env))));
