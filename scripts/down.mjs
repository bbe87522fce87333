// npm run down: stops the gateway, the services and the native servers of the dev stack.
// Data stays in .run/dev/data, so the next `npm run up` finds everything as it was.
import { stopStack } from './stack.mjs';

await stopStack('dev');
console.log('Pinhive is down.');
