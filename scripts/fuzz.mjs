// npm run fuzz: schemathesis against every service's OpenAPI document, through the gateway, once
// signed out and once signed in (an account signed up through the API first). Checks: no 5xx
// (schemathesis's not_a_server_error) and every 4xx in the failure envelope (failure_envelope in
// scripts/fuzz/checks.py). docs/decisions/api-fuzzing.md says why and what is left.
//   node scripts/fuzz.mjs [--examples N] [--seed N] [--service NAME] [--out FILE]
//                         [--direct service=url ...] (services reached on their own, no gateway)
// The product must be running: PINHIVE_BASE_URL (default http://localhost:8080, `npm run up`).
// FUZZ_EXAMPLES sets the examples per operation (default 15); the seed is fixed (default 26), so
// a run repeats the same cases. Writes a summary to stdout and load-tests/results/fuzz.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installFuzzTools } from '../infra/native/install-fuzz.mjs';
import { SERVICES } from '../gateway/routes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'x-csrftoken';

/**
 * Operations left out of the signed-in run: log-out ends the session the run is signed in with
 * (the rest of the run would be signed out; the signed-out run has it).
 */
const SIGNED_IN_EXCLUDED = ['/v3/logout/'];

/**
 * Signed out, an operation that needs a viewer (`x-auth: viewer` in its OpenAPI) answers 401
 * before its input is read (kit route.ts: the auth rule, then the schemas), whatever is sent:
 * what its input does is the signed-in run's. So the signed-out run fuzzes the others in full,
 * and those with one generated case each, enough to see their 401 in the failure envelope (about
 * 60 % of the operations; half of the signed-out run's time went to them).
 */
const VIEWER_ONLY = '/x-auth == "viewer"';

/** The cookies of a signed-up account, and the CSRF header the web app echoes (test/support/browser.ts). */
async function signUp(baseUrl) {
  const email = `fuzz-${Date.now()}-${process.pid}@example.com`;
  const res = await fetch(`${baseUrl}/v3/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'email', email, password: 'correct horse 42', birthday: 631152000, country: 'SE' }),
  });
  if (res.status !== 201) throw new Error(`sign-up for the signed-in run answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const cookies = new Map();
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
  }
  const headers = [`Cookie: ${[...cookies].map(([k, v]) => `${k}=${v}`).join('; ')}`];
  if (cookies.has(CSRF_COOKIE)) headers.push(`${CSRF_HEADER}: ${cookies.get(CSRF_COOKIE)}`);
  return { email, headers };
}

/** Runs a command in `cwd` (schemathesis leaves a .schemathesis folder there); resolves its exit code, with its output in `logFile`. */
function runLogged(cmd, args, env, logFile, cwd) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** A 400's field and message, from the interaction schemathesis recorded. */
function refusal(interaction) {
  try {
    const body = JSON.parse(Buffer.from(interaction.response.content.$base64, 'base64').toString('utf8'));
    const e = body.resource_response.error;
    return `${e.data?.field ? `${e.data.field}: ` : ''}${e.message}`.slice(0, 160);
  } catch {
    return undefined;
  }
}

/**
 * What one schemathesis run did, from its NDJSON events: per operation the cases, the failed
 * checks, and how many positive cases (values the schema allows) the API still refused with 400.
 */
export function summariseEvents(ndjson) {
  const operations = {};
  const errors = [];
  for (const line of ndjson.split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line);
    if (event.NonFatalError) errors.push(`${event.NonFatalError.label ?? ''} ${event.NonFatalError.info?.message ?? JSON.stringify(event.NonFatalError).slice(0, 300)}`.trim());
    if (event.FatalError) errors.push(`fatal: ${JSON.stringify(event.FatalError).slice(0, 500)}`);
    const s = event.ScenarioFinished;
    if (!s?.recorder?.label) continue;
    const op = (operations[s.recorder.label] ??= { cases: 0, failures: [], positiveRefused: 0, positive: 0, refusedFor: [], statuses: {} });
    for (const [id, c] of Object.entries(s.recorder.cases ?? {})) {
      op.cases += 1;
      const interaction = s.recorder.interactions?.[id];
      const status = interaction?.response?.status_code;
      if (status !== undefined) op.statuses[status] = (op.statuses[status] ?? 0) + 1;
      if (c.value?.meta?.generation?.mode === 'positive') {
        op.positive += 1;
        if (status === 400) {
          op.positiveRefused += 1;
          // Why: the first few refusals' messages, to tell a schema that says too little from a rule of the product.
          const why = refusal(interaction);
          if (why && op.refusedFor.length < 3 && !op.refusedFor.includes(why)) op.refusedFor.push(why);
        }
      }
      for (const check of s.recorder.checks?.[id] ?? []) {
        if (check.status !== 'failure') continue;
        const info = check.failure_info?.failure ?? {};
        op.failures.push({
          check: check.name,
          status,
          title: info.title ?? info.message ?? '',
          message: String(info.message ?? '').slice(0, 400),
          request: interaction ? `${interaction.request.method} ${interaction.request.uri}`.slice(0, 400) : `${c.value?.method} ${c.value?.path}`,
        });
      }
    }
  }
  return { operations, errors };
}

async function main() {
  const { values } = parseArgs({
    options: {
      examples: { type: 'string', default: process.env.FUZZ_EXAMPLES ?? '15' },
      seed: { type: 'string', default: process.env.FUZZ_SEED ?? '26' },
      service: { type: 'string', multiple: true },
      out: { type: 'string', default: path.join(root, 'load-tests', 'results', 'fuzz.json') },
      phases: { type: 'string', default: process.env.FUZZ_PHASES ?? 'examples,coverage,fuzzing' },
      'signed-in-only': { type: 'boolean', default: false },
      // A service reached on its own (service=url, e.g. one started by a test), not through the gateway.
      direct: { type: 'string', multiple: true },
    },
  });
  const baseUrl = (process.env.PINHIVE_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
  const examples = Number(values.examples);
  if (!Number.isInteger(examples) || examples < 1) throw new Error(`--examples / FUZZ_EXAMPLES must be a whole number above 0, not ${values.examples}`);
  const direct = Object.fromEntries((values.direct ?? []).map((d) => [d.slice(0, d.indexOf('=')), d.slice(d.indexOf('=') + 1).replace(/\/$/, '')]));
  const services = values.service ?? (values.direct ? Object.keys(direct) : SERVICES);
  // Through the gateway: its /_openapi/<service> and every call to its address.
  const schemaOf = (service) => (direct[service] ? `${direct[service]}/openapi.json` : `${baseUrl}/_openapi/${service}`);
  const urlOf = (service) => direct[service] ?? baseUrl;
  const { schemathesis } = await installFuzzTools();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-fuzz-'));
  const t0 = Date.now();
  const runs = [];
  try {
    const sessions = [
      ...(values['signed-in-only'] ? [] : [
        { name: 'signed out', signedIn: false, select: ['--exclude-by', VIEWER_ONLY] },
        { name: 'signed out, viewer only', signedIn: false, select: ['--include-by', VIEWER_ONLY], phases: 'fuzzing', examples: 1 },
      ]),
      { name: 'signed in', signedIn: true, exclude: SIGNED_IN_EXCLUDED },
    ];
    // Two runs at a time (FUZZ_CONCURRENCY): each is one Python process, and the services answer
    // beside it, so the machine's two cores are both busy. The longest (pins-boards) start first;
    // the report keeps the order of `jobs` (sessions, then services). The lanes are the kit's
    // mapLimit, which a plain-node script cannot import (TypeScript).
    const jobs = sessions.flatMap((session) => services.map((service) => ({ session, service })));
    const queue = [...jobs].sort((a, b) => Number(b.service === 'pins-boards') - Number(a.service === 'pins-boards'));
    const byJob = new Map();
    let next = 0;
    const lane = async () => {
      while (next < queue.length) {
        const job = queue[next++];
        byJob.set(job, await fuzzOne(job));
      }
    };
    const fuzzOne = async ({ session, service }) => {
      // A fresh account for each signed-in run: its access token (15 minutes) outlives the run,
      // and what one service's run changes (a password, two-factor) does not reach the next.
      const headers = session.signedIn ? (await signUp(direct.auth ?? baseUrl)).headers : [];
      const tag = `${service}-${session.name.replace(/\W+/g, '-')}`;
      const ndjson = path.join(work, `${tag}.ndjson`);
      const log = path.join(work, `${tag}.log`);
      const args = [
        'run', schemaOf(service), '--url', urlOf(service),
        '--checks', 'not_a_server_error,failure_envelope',
        '--max-examples', String(session.examples ?? examples), '--seed', values.seed, '--generation-deterministic',
        '--phases', session.phases ?? values.phases, '--workers', '1', '--no-shrink', '--continue-on-failure',
        '--request-timeout', '30', '--no-color',
        '--suppress-health-check', 'all', '--warnings', 'off',
        // The API refuses a NUL character anywhere (the kit, 400 naming the field): not generated
        // as a value the schema allows. Negative cases and the hostile bodies test still send it.
        '--generation-allow-x00', 'false',
        '--report', 'ndjson', '--report-ndjson-path', ndjson,
        ...headers.flatMap((h) => ['--header', h]),
        ...(session.exclude ?? []).flatMap((p) => ['--exclude-path', p]),
        ...(session.select ?? []),
      ];
      const env = {
        ...process.env,
        SCHEMATHESIS_HOOKS: 'checks',
        PYTHONPATH: [path.join(root, 'scripts', 'fuzz'), process.env.PYTHONPATH].filter(Boolean).join(path.delimiter),
        PYTHONUNBUFFERED: '1',
      };
      const t1 = Date.now();
      const code = await runLogged(schemathesis, args, env, log, work);
      const summary = fs.existsSync(ndjson) ? summariseEvents(fs.readFileSync(ndjson, 'utf8')) : { operations: {}, errors: ['no report written'] };
      const cases = Object.values(summary.operations).reduce((n, o) => n + o.cases, 0);
      const failures = Object.values(summary.operations).reduce((n, o) => n + o.failures.length, 0);
      const run = { service, session: session.name, exitCode: code, seconds: (Date.now() - t1) / 1000, cases, failures, ...summary };
      if (code !== 0 && failures === 0) run.log = fs.readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
      console.log(`[fuzz] ${service}, ${session.name}: ${cases} cases over ${Object.keys(summary.operations).length} operations, ${failures} failures (${run.seconds.toFixed(1)} s)`);
      return run;
    };
    const concurrency = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 2));
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
    runs.push(...jobs.map((job) => byJob.get(job)));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const failed = runs.filter((r) => r.failures > 0 || r.exitCode !== 0 || r.errors.length > 0);
  const result = {
    at: new Date().toISOString(),
    baseUrl,
    examplesPerOperation: examples,
    seed: Number(values.seed),
    phases: values.phases,
    seconds: (Date.now() - t0) / 1000,
    cases: runs.reduce((n, r) => n + r.cases, 0),
    failures: runs.reduce((n, r) => n + r.failures, 0),
    runs,
  };
  fs.mkdirSync(path.dirname(values.out), { recursive: true });
  fs.writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n[fuzz] ${result.cases} cases, ${result.failures} failures in ${result.seconds.toFixed(0)} s (seed ${result.seed}, ${examples} examples per operation); report: ${path.relative(root, values.out)}`);
  for (const r of runs) {
    for (const [op, o] of Object.entries(r.operations)) {
      if (o.failures.length === 0) continue;
      const byCheck = {};
      for (const f of o.failures) byCheck[`${f.check}${f.status ? ` (${f.status})` : ''}`] = (byCheck[`${f.check}${f.status ? ` (${f.status})` : ''}`] ?? 0) + 1;
      console.log(`  FAIL ${r.session} ${op}: ${Object.entries(byCheck).map(([k, n]) => `${n} x ${k}`).join(', ')}; e.g. ${o.failures[0].request}`);
    }
    for (const e of r.errors) console.log(`  ERROR ${r.service} ${r.session}: ${e}`);
    if (r.log) console.log(`  ${r.service} ${r.session} exited ${r.exitCode}:\n${r.log}`);
  }
  const refused = runs.flatMap((r) => Object.entries(r.operations).filter(([, o]) => o.positive > 0 && o.positiveRefused / o.positive > 0.5).map(([op, o]) => `${r.session} ${op} (${o.positiveRefused}/${o.positive}): ${o.refusedFor.join(' | ')}`));
  if (refused.length > 0) console.log(`\n[fuzz] operations refusing (400) most of what their schema allows:\n  ${refused.join('\n  ')}`);
  process.exitCode = failed.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`[fuzz] ${err.stack ?? err.message}`);
    process.exit(1);
  });
}
