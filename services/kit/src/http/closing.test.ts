import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { closeWhenAnswered } from './closing';

/** A server whose `/slow` answers when the test says so; every other path at once. */
async function server(graceMs: number) {
  let answerSlow: (() => void) | undefined;
  const s = http.createServer((req, res) => {
    if (req.url === '/slow') answerSlow = () => res.end('slow done');
    else res.end('ok');
  });
  s.keepAliveTimeout = 65_000;
  s.headersTimeout = 66_000;
  const close = closeWhenAnswered(s, graceMs);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  return { s, port, close, answerSlow: () => answerSlow?.(), slowArrived: () => answerSlow !== undefined };
}

/** A raw connection that sends nothing, and resolves `ended` when the server cuts it. */
function silentClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return new Promise<{ ended: Promise<void> }>((resolve) => socket.on('connect', () => resolve({ ended })));
}

function get(port: number, path: string): Promise<{ status: number; body: string } | Error> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: new http.Agent({ keepAlive: true }) }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => { body += d.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', resolve);
  });
}

describe('closeWhenAnswered: a closing service waits for requests, not for clients', () => {
  it('does not wait for a connection that never sent a request (Node alone waited for the headers timeout, 66 s)', async () => {
    const t = await server(60_000);
    const client = await silentClient(t.port);
    // With a grace of a minute, only "no request under way" can end this close within jest's 5 s.
    await t.close();
    await client.ended;
  });

  it('lets a request under way finish, then closes', async () => {
    const t = await server(60_000);
    const answer = get(t.port, '/slow');
    while (!t.slowArrived()) await new Promise((r) => setImmediate(r));
    let closed = false;
    const closing = t.close().then(() => { closed = true; });
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    t.answerSlow();
    expect(await answer).toEqual({ status: 200, body: 'slow done' });
    await closing;
  });

  it('cuts a request still under way when the grace has passed', async () => {
    const t = await server(100);
    const answer = get(t.port, '/slow');
    while (!t.slowArrived()) await new Promise((r) => setImmediate(r));
    await t.close();
    expect(await answer).toMatchObject({ code: 'ECONNRESET', message: 'socket hang up' });
  });
});
