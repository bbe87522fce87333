import { main, startService } from '@pinhive/kit';
import { loadAuthConfig } from './config';
import { authService } from './service';

main(() => startService(authService(loadAuthConfig(process.env))));
