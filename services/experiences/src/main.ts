import { main, startService } from '@pinhive/kit';
import { loadExperiencesConfig } from './config';
import { experiencesService } from './service';

main(() => startService(experiencesService(loadExperiencesConfig(process.env))));
