import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The rendered gateway config (both variants come from gateway/render.mjs). */
const root = path.resolve(__dirname, '..');
const conf = execFileSync(process.execPath, ['gateway/render.mjs', 'container'], { cwd: root, encoding: 'utf8' });

describe('gateway config', () => {
  it('replaces a client-sent X-Forwarded-For with the real client address', () => {
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('routes auth paths to auth and the rest of /v3 to pins-boards, longest prefix first', () => {
    for (const p of ['/v3/login/', '/v3/register/', '/v3/users/me/', '/v3/auth/', '/v3/mfa/', '/v3/users/forgot_password/', '/v3/users/settings']) {
      expect(conf).toContain(`location ${p} { proxy_pass http://auth; }`);
    }
    expect(conf).toContain('location /v3/ { proxy_pass http://pins-boards; }');
    expect(conf).toContain('location = /_health/auth { proxy_pass http://auth/readyz; }');
  });

  it("routes every path auth's routes declare to auth (the longest prefix of gateway/routes.mjs)", () => {
    const routes = JSON.parse(execFileSync(process.execPath, ['-e', "import('./gateway/routes.mjs').then((m) => process.stdout.write(JSON.stringify(m.ROUTES)))"], { cwd: root, encoding: 'utf8' })) as { prefix: string; service: string }[];
    const owner = (p: string) => routes.filter((r) => p.startsWith(r.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0]?.service;
    const files = (fs.readdirSync(path.join(root, 'services/auth/src'), { recursive: true }) as string[]).filter((f) => f.endsWith('.routes.ts'));
    const paths = files.flatMap((f) => [...fs.readFileSync(path.join(root, 'services/auth/src', f), 'utf8').matchAll(/path: '(\/v3\/[^']+)'/g)].map((m) => m[1]!));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => owner(p) !== 'auth')).toEqual([]);
  });

  it("allows the pin builder's 200 MB upload on its route alone, streamed to pins-boards", () => {
    expect(conf).toContain('client_max_body_size 1m;');
    expect(conf).toContain('location = /v3/pin-builder/uploads/ { client_max_body_size 200m; proxy_request_buffering off; proxy_read_timeout 300s; proxy_pass http://pins-boards; }');
    // 200m is the spec's 209715200 bytes exactly.
    expect(200 * 1024 * 1024).toBe(209_715_200);
    // The builder's other call (the pins from uploads) keeps the 1 MB limit.
    expect(conf).not.toMatch(/location = \/v3\/pin-builder\/pins\//);
    expect(conf.match(/client_max_body_size 200m/g)).toHaveLength(1);
  });

  it('sends security headers and a strict CSP with the web app', () => {
    expect(conf).toMatch(/location \/ \{[^}]*Content-Security-Policy "default-src 'self'[^}]*try_files \$uri \/index\.html; \}/);
    expect(conf).toMatch(/X-Frame-Options DENY/);
  });
});

describe('gateway keep-alive', () => {
  it('takes turns among the replicas of a service', () => {
    const render = `import('./gateway/render.mjs').then((m) => process.stdout.write(m.renderNginxConf({ listenPort: 8080, webRoot: '/web', upstreams: { auth: ['127.0.0.1:3001', '127.0.0.1:3101'], 'pins-boards': '127.0.0.1:3002', experiences: '127.0.0.1:3003', ads: '127.0.0.1:3004' } })))`;
    const replicas = execFileSync(process.execPath, ['-e', render], { cwd: root, encoding: 'utf8' });
    expect(replicas).toMatch(/upstream auth \{ server 127\.0\.0\.1:3001; server 127\.0\.0\.1:3101; keepalive 16;/);
    expect(replicas).toMatch(/upstream pins-boards \{ server 127\.0\.0\.1:3002; keepalive 16;/);
  });

  it('drops idle upstream connections before the services do (65 s), so no request meets a closed socket', () => {
    expect(conf).toMatch(/upstream auth \{ server auth:4001; keepalive 16; keepalive_timeout 30s; \}/);
  });
});

/** One raw HTTP/1.1 exchange (a body's length can be claimed without sending it). */
function rawRequest(port: number, head: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    const done = (): boolean => {
      const at = text.indexOf('\r\n\r\n');
      if (at < 0) return false;
      const headers = text.slice(0, at);
      const body = text.slice(at + 4);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? NaN);
      if (Number.isFinite(length) && Buffer.byteLength(body) < length) return false;
      socket.destroy();
      resolve({ status: Number(headers.split(' ')[1]), type: /content-type: ([^\r\n]+)/i.exec(headers)?.[1] ?? '', body });
      return true;
    };
    // nginx may keep the connection open after an error page: the answer ends at its length.
    socket.on('data', (d: string) => { text += d; done(); });
    socket.on('error', reject);
    socket.on('end', () => { if (!done()) reject(new Error(`incomplete answer: ${text.slice(0, 200)}`)); });
  });
}

describe("the gateway's own refusals", () => {
  it('have an error page in the failure envelope for each status nginx answers itself', () => {
    for (const status of [400, 405, 408, 413, 414, 500, 502, 503, 504, 505]) {
      expect(conf).toContain(`error_page ${status} /_error/${status};`);
      expect(conf).toMatch(new RegExp(`location = /_error/${status} \\{ internal; default_type application/json;[^}]*return ${status} '\\{"resource_response":\\{"status":"failure","error":\\{"code":"[a-z_]+","message":"[^"]+","message_detail":null,"http_status":${status}\\}\\}\\}'; \\}`));
    }
    expect(conf).toContain('error_page 494 =400 /_error/494;');
    expect(conf).toContain('location = /_openapi/ads { proxy_pass http://ads/openapi.json; }');
  });

  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  (nginx ? describe : describe.skip)('answered by a real nginx', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhive-gw-test-'));
    let port = 0;
    beforeAll(async () => {
      port = await new Promise<number>((resolve) => {
        const s = net.createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as net.AddressInfo).port;
          s.close(() => resolve(p));
        });
      });
      // Every upstream on a port nothing listens on: a proxied call is nginx's 502.
      const render = `import('./gateway/render.mjs').then((m) => process.stdout.write(m.renderNginxConf({ listenPort: ${port}, webRoot: ${JSON.stringify(dir)}, runDir: ${JSON.stringify(dir)}, user: ${JSON.stringify(os.userInfo().username)}, upstreams: { auth: '127.0.0.1:9', 'pins-boards': '127.0.0.1:9', experiences: '127.0.0.1:9', ads: '127.0.0.1:9' } })))`;
      fs.mkdirSync(path.join(dir, 'nginx'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'nginx.conf'), execFileSync(process.execPath, ['-e', render], { cwd: root, encoding: 'utf8' }));
      execFileSync(nginx!, ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs', 'error.log')], { stdio: 'pipe' });
    });
    afterAll(() => {
      try {
        execFileSync(nginx!, ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs', 'error.log'), '-s', 'stop'], { stdio: 'pipe' });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    const envelope = (status: number, code: string) => ({ resource_response: { status: 'failure', error: expect.objectContaining({ code, http_status: status }) } });

    it.each([
      ['a TRACE', 'TRACE /v3/register/ HTTP/1.1', 405, 'method_not_allowed'],
      ['a body over 1 MB', 'POST /v3/pins/ HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2000000', 413, 'payload_too_large'],
      ['a service that is away', 'GET /v3/pins/1/ HTTP/1.1', 502, 'service_unavailable'],
      ['a malformed header line', 'GET /v3/pins/ HTTP/1.1\r\nNo colon here', 400, 'bad_request'],
      ['an HTTP version it does not speak', 'GET /v3/pins/ HTTP/2.5', 505, 'http_version_not_supported'],
    ])('answers %s in JSON', async (_what, head, status, code) => {
      const res = await rawRequest(port, head);
      expect(res.status).toBe(status);
      expect(res.type).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual(envelope(status, code));
    });
  });
});
