import { main, startService } from '@pinhive/kit';
import { loadPinsBoardsConfig } from './config';
import { pinsBoardsService } from './service';

main(() => startService(pinsBoardsService(loadPinsBoardsConfig(process.env))));
