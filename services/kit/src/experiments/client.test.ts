import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { ALLOCATIONS_PATH, type AllocationsSnapshot } from './allocations';
import { ExperimentsClient } from './client';

const snapshot = (stamp: string, percent: number): AllocationsSnapshot => ({
  stamp, version: Number(stamp.replace(/\D/g, '') || 0), experiments: { web_pin_creation_disabled_all: { shares: { enabled: percent }, members: {} } },
});

/** A stand-in for experiences' internal route: held while `after` is the current stamp. */
class FakeExperiences {
  current: AllocationsSnapshot | undefined;
  calls: string[] = [];
  private held: (() => void)[] = [];
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    this.calls.push(url.search);
    const answer = () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ resource_response: { status: 'success', data: this.current } }));
    };
    if (url.pathname !== ALLOCATIONS_PATH || !this.current) {
      res.writeHead(503).end();
      return;
    }
    if (url.searchParams.get('after') !== this.current.stamp) answer();
    else this.held.push(answer);
  });

  set(next: AllocationsSnapshot): void {
    this.current = next;
    const held = this.held;
    this.held = [];
    for (const answer of held) answer();
  }

  listen(port = 0): Promise<number> {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', () => resolve((this.server.address() as AddressInfo).port)));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Resolves once `check` holds, checked on every change of the client; fails after `ms`. */
function until(client: ExperimentsClient, check: () => boolean, ms = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      off();
      reject(new Error(`not within ${ms} ms`));
    }, ms);
    const off = client.onChange(() => {
      if (!check()) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const logger = pino({ level: 'silent' });

describe('ExperimentsClient', () => {
  let fake: FakeExperiences;
  let client: ExperimentsClient | undefined;
  afterEach(async () => {
    await client?.stop();
    await fake.close();
  });

  it('answers control before experiences answered, then the table it holds, and a change as it comes', async () => {
    fake = new FakeExperiences();
    const port = await fake.listen();
    client = new ExperimentsClient({ url: `http://127.0.0.1:${port}`, logger, firstBackoffMs: 20, maxBackoffMs: 50 });
    client.start();
    expect(client.isOn('web_pin_creation_disabled_all', 'user-1')).toBe(false);
    fake.set(snapshot('s1', 100));
    await until(client, () => client!.stamp?.stamp === 's1');
    expect(client.groupOf('web_pin_creation_disabled_all', 'user-1')).toBe('enabled');
    // The next call is held with the stamp it has; the change answers it.
    fake.set(snapshot('s2', 0));
    await until(client, () => client!.stamp?.stamp === 's2');
    expect(client.isOn('web_pin_creation_disabled_all', 'user-1')).toBe(false);
    expect(fake.calls).toContain('?after=s1');
  });

  it('keeps its last table while experiences is away and takes the new one when it is back', async () => {
    fake = new FakeExperiences();
    const port = await fake.listen();
    client = new ExperimentsClient({ url: `http://127.0.0.1:${port}`, logger, firstBackoffMs: 20, maxBackoffMs: 50 });
    fake.set(snapshot('s1', 100));
    client.start();
    await until(client, () => client!.stamp?.stamp === 's1');
    await fake.close();
    fake = new FakeExperiences();
    // Nobody listens for a while: the client fails and tries again, keeping what it had.
    expect(client.isOn('web_pin_creation_disabled_all', 'user-1')).toBe(true);
    fake.current = snapshot('s3', 0);
    await fake.listen(port);
    await until(client, () => client!.stamp?.stamp === 's3');
    expect(client.isOn('web_pin_creation_disabled_all', 'user-1')).toBe(false);
  });

  it('answers control for good without a URL', async () => {
    fake = new FakeExperiences();
    await fake.listen();
    client = new ExperimentsClient({ url: undefined, logger });
    client.start();
    expect(client.groupOf('web_pin_creation_disabled_all', 'user-1')).toBe('control');
    expect(client.stamp).toBeUndefined();
  });
});
