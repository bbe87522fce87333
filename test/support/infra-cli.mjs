// Lets CommonJS test code (ts-jest) drive the ESM infra launcher through a child process:
//   node test/support/infra-cli.mjs profile            -> prints the test profile as JSON
//   node test/support/infra-cli.mjs stop|start <part>  -> stops/starts kafka, ferretdb or redis
import { profile, startPart, stopPart } from '../../infra/native/infra.mjs';

const [cmd, part] = process.argv.slice(2);
const p = profile(process.env.PINHIVE_TEST_PROFILE || 'test');
const quiet = () => undefined;
try {
  if (cmd === 'profile') console.log(JSON.stringify(p));
  else if (cmd === 'stop') await stopPart(p, part, { log: quiet });
  else if (cmd === 'start') await startPart(p, part, { log: quiet });
  else throw new Error('usage: infra-cli.mjs profile | stop <part> | start <part>');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
