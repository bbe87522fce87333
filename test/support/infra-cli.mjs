// Lets CommonJS test code (jest, transpiled by swc) drive the ESM infra launcher through a child process:
//   node test/support/infra-cli.mjs profile            -> prints the test profile as JSON
//   node test/support/infra-cli.mjs stop|start <part>  -> stops/starts kafka, postgres, ferretdb or redis
//   node test/support/infra-cli.mjs kill <part>        -> SIGKILLs it (a crash: no shutdown of its own)
//   node test/support/infra-cli.mjs ferretdb-binary    -> prints the path of pinhive-ferretdb
//   node test/support/infra-cli.mjs postgres-password  -> prints the test cluster's password
//   node test/support/infra-cli.mjs carry-over <runDir> -> carries <runDir>/data/ferretdb (SQLite)
//                                                         over into the test store
import { paths } from '../../infra/native/install.mjs';
import { carryOverSqliteStore } from '../../infra/native/carry-over.mjs';
import { profile, startPart, stopPart } from '../../infra/native/infra.mjs';
import { stopProcess } from '../../infra/native/process.mjs';
import { postgresPassword } from '../../infra/native/postgres.mjs';

const [cmd, arg] = process.argv.slice(2);
const p = profile(process.env.PINHIVE_TEST_PROFILE || 'test');
const quiet = () => undefined;
try {
  if (cmd === 'profile') console.log(JSON.stringify(p));
  else if (cmd === 'stop') await stopPart(p, arg, { log: quiet });
  else if (cmd === 'start') await startPart(p, arg, { log: quiet });
  else if (cmd === 'kill') await stopProcess({ name: arg, runDir: p.runDir, stopSignal: 'SIGKILL', log: quiet });
  else if (cmd === 'ferretdb-binary') console.log(paths().ferretdb);
  else if (cmd === 'postgres-password') console.log(postgresPassword(p));
  else if (cmd === 'carry-over') await carryOverSqliteStore({ ...p, runDir: arg }, { ferretdb: paths().ferretdb });
  else throw new Error('usage: infra-cli.mjs profile | stop <part> | start <part> | kill <part> | ferretdb-binary | postgres-password | carry-over <runDir>');
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
