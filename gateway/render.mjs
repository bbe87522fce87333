// Renders nginx.conf for either way of running Pinhive from the one route table (routes.mjs):
//   native:    node gateway/render.mjs native  (used by scripts/stack.mjs with ports and paths)
//   container: node gateway/render.mjs container > /etc/nginx/nginx.conf (Dockerfile)
import { LARGE_BODIES, ROUTES, SERVICES } from './routes.mjs';

/**
 * @param {object} o
 * @param {number} o.listenPort        port the gateway listens on
 * @param {Record<string,string|string[]>} o.upstreams  service name -> host:port, or one per replica
 *                                     (nginx takes turns among them)
 * @param {string} o.webRoot           folder of the built web app
 * @param {string} [o.runDir]          native only: where pid, temp files and logs go
 * @param {string} [o.user]            native only: worker user (the launching user)
 * @param {boolean} [o.ipv6Loopback]   native only: also listen on [::1] (a second client address
 *                                     for tests of per-IP rules; see scripts/stack.mjs)
 * @param {string[]} [o.identityOrigins] where the browser may fetch the one-tap provider's FedCM
 *                                     config (default Google's; a native stack: its local provider)
 */
/**
 * The web app loads only its own scripts and styles and talks only to its own origin, except
 * reCAPTCHA Enterprise (the production human check: its script and its checkbox frame) and the
 * Google-kind provider's FedCM config, which the browser fetches for one-tap under connect-src.
 */
const RECAPTCHA = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const RECAPTCHA_FRAMES = `${RECAPTCHA} https://recaptcha.google.com/recaptcha/`;
// Images from any http(s) site: the save popup, the offsite builder and the image chooser preview
// the page's own images (the `media` of a bookmarklet), which may be plain http. Scripts,
// frames and connections stay limited to the product itself.
const GOOGLE_FEDCM = 'https://accounts.google.com/gsi/';
/**
 * What nginx answers itself (a TRACE, a body over the limit, a URI or headers too long, an
 * upstream away or too slow) in the product's failure envelope, as the services answer, instead
 * of nginx's HTML page. `error_page` covers only nginx's own answers: a service's 4xx/5xx passes
 * through untouched (no proxy_intercept_errors).
 */
export const GATEWAY_ERRORS = [
  { status: 400, code: 'bad_request', message: 'The request is not valid.' },
  { status: 405, code: 'method_not_allowed', message: 'This method is not allowed here.' },
  { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' },
  { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  { status: 414, code: 'uri_too_long', message: 'The request address is too long.' },
  { status: 494, answer: 400, code: 'bad_request', message: 'The request headers are too large.' },
  { status: 500, code: 'internal', message: 'Sorry! Something went wrong on our end.' },
  { status: 502, code: 'service_unavailable', message: 'Sorry! Something went wrong on our end.' },
  { status: 503, code: 'service_unavailable', message: 'Sorry! Something went wrong on our end.' },
  { status: 504, code: 'gateway_timeout', message: 'Sorry! Something went wrong on our end.' },
  { status: 505, code: 'http_version_not_supported', message: 'Send the request over HTTP/1.1.' },
];

/** The failure envelope of contracts' `failure()`, as nginx's JSON text. */
export function gatewayErrorBody({ status, answer = status, code, message }) {
  return JSON.stringify({ resource_response: { status: 'failure', error: { code, message, message_detail: null, http_status: answer } } });
}

const csp = (identityOrigins) => `default-src 'self'; script-src 'self' ${RECAPTCHA}; frame-src ${RECAPTCHA_FRAMES}; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; connect-src 'self' ${identityOrigins.join(' ')}; font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`;

export function renderNginxConf({ listenPort, upstreams, webRoot, runDir, user, ipv6Loopback = false, identityOrigins = [GOOGLE_FEDCM] }) {
  const native = Boolean(runDir);
  const lines = [];
  const out = (s = '') => lines.push(s);
  if (user) out(`user ${user};`);
  out('worker_processes 1;');
  if (native) {
    out(`pid ${runDir}/nginx/nginx.pid;`);
    out(`error_log ${runDir}/logs/nginx-error.log warn;`);
  }
  out('events { worker_connections 1024; }');
  out('http {');
  out('  include /etc/nginx/mime.types;');
  out('  default_type application/octet-stream;');
  out('  sendfile on;');
  out('  server_tokens off;');
  out('  client_max_body_size 1m;');
  out('  gzip on;');
  out('  gzip_types application/json application/javascript text/css image/svg+xml;');
  // The request id the services log under (X-Request-Id below), and the time each took: a read
  // that succeeded has this line only (services log it at debug).
  out("  log_format pinhive '$remote_addr [$time_iso8601] \"$request\" $status $body_bytes_sent $request_time $upstream_response_time $request_id';");
  out(`  access_log ${native ? `${runDir}/logs/nginx-access.log` : '/var/log/nginx/access.log'} pinhive;`);
  if (native) {
    for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) out(`  ${t}_temp_path ${runDir}/nginx/${t}_temp;`);
  }
  for (const s of SERVICES) {
    if (!upstreams[s]) throw new Error(`no upstream address for ${s}`);
    // Idle upstream connections close before the services' own keep-alive timeout (65 s).
    const servers = [upstreams[s]].flat().map((address) => `server ${address};`).join(' ');
    out(`  upstream ${s} { ${servers} keepalive 16; keepalive_timeout 30s; }`);
  }
  out('  server {');
  out(`    listen ${listenPort};`);
  if (native && ipv6Loopback) out(`    listen [::1]:${listenPort};`);
  out(`    root ${webRoot};`);
  out('    proxy_http_version 1.1;');
  out('    proxy_set_header Connection "";');
  out('    proxy_set_header Host $host;');
  // The gateway is the edge: the client's address replaces any X-Forwarded-For it sent, or a
  // client could choose the IP that per-IP log-in limits count (services trust this hop only).
  out('    proxy_set_header X-Forwarded-For $remote_addr;');
  out('    proxy_set_header X-Forwarded-Proto $scheme;');
  out('    proxy_set_header X-Request-Id $request_id;');
  // nginx's own refusals in the failure envelope (GATEWAY_ERRORS); `=` keeps the status.
  for (const e of GATEWAY_ERRORS) out(`    error_page ${e.status} ${e.answer && e.answer !== e.status ? `=${e.answer} ` : ''}/_error/${e.status};`);
  for (const e of GATEWAY_ERRORS) {
    const body = gatewayErrorBody(e).replaceAll("'", "\\'");
    out(`    location = /_error/${e.status} { internal; default_type application/json; add_header Cache-Control "no-store" always; return ${e.answer ?? e.status} '${body}'; }`);
  }
  for (const r of ROUTES) out(`    location ${r.prefix} { proxy_pass http://${r.service}; }`);
  for (const b of LARGE_BODIES) {
    const streamed = b.streamed ? ' proxy_request_buffering off; proxy_read_timeout 300s;' : '';
    out(`    location = ${b.path} { client_max_body_size ${b.maxBody};${streamed} proxy_pass http://${b.service}; }`);
  }
  for (const s of SERVICES) out(`    location = /_health/${s} { proxy_pass http://${s}/readyz; }`);
  // Each service's OpenAPI document, for the API fuzzer (scripts/fuzz.mjs) and clients.
  for (const s of SERVICES) out(`    location = /_openapi/${s} { proxy_pass http://${s}/openapi.json; }`);
  // A route that does nothing in each service: the stack's floor (nginx, the service's middleware
  // and an empty 200), measured beside the real paths by the growth benchmark (load-tests/growth/).
  for (const s of SERVICES) out(`    location = /_noop/${s} { proxy_pass http://${s}/livez; }`);
  // nginx drops server-level add_header lines in a location that adds its own, so the static
  // locations carry the security headers themselves (the API answers carry helmet's).
  const security = [
    'add_header X-Content-Type-Options nosniff always;',
    'add_header X-Frame-Options DENY always;',
    'add_header Referrer-Policy strict-origin-when-cross-origin always;',
    `add_header Content-Security-Policy "${csp(identityOrigins)}" always;`,
  ].join(' ');
  out(`    location /assets/ { expires 1y; add_header Cache-Control "public, immutable"; ${security} try_files $uri =404; }`);
  out(`    location / { add_header Cache-Control "no-cache"; ${security} try_files $uri /index.html; }`);
  out('  }');
  out('}');
  return `${lines.join('\n')}\n`;
}

/** The container variant: services by their compose names on their default ports. */
export const containerUpstreams = { auth: 'auth:4001', 'pins-boards': 'pins-boards:4002', experiences: 'experiences:4003', ads: 'ads:4004' };

if (process.argv[1]?.endsWith('render.mjs')) {
  const mode = process.argv[2];
  if (mode !== 'container') {
    console.error('usage: node gateway/render.mjs container   (the native variant is rendered by scripts/stack.mjs)');
    process.exit(2);
  }
  process.stdout.write(renderNginxConf({ listenPort: 8080, upstreams: containerUpstreams, webRoot: '/usr/share/nginx/html' }));
}
