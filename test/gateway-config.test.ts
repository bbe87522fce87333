import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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
