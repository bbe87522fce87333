import net from 'node:net';
import { connectMongo, createLogger } from '@pinhive/kit';
import { servers, uniqueName, waitFor } from '../../../test/support/servers';

/**
 * The store away in the worst way: it accepts connections and never answers (a server half up,
 * a front whose backend is gone), then answers again. The driver's monitor learns the store is
 * back only when a check answers; a check held by a silent connection gives up after the kit's
 * connect timeout (infra/mongo.ts), so commands work again within it, not after the driver's
 * default 30 s (2026-11-29: reproduced with this front, 28 s of refused commands after the store was back).
 */
it('commands work again soon after a store that held its connections silent answers again', async () => {
  const store = new URL(servers.mongoUrl('x'));
  const sockets = new Set<net.Socket>();
  let silent = false;
  // A front before the real store: relays each connection, or holds it and says nothing.
  const front = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (silent) return;
    const upstream = net.connect(Number(store.port), store.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as net.AddressInfo;
  const conn = connectMongo(`mongodb://127.0.0.1:${port}/${uniqueName('recovery')}`, createLogger('mongo-recovery-test', 'silent'));
  try {
    await conn.asPromise();
    const docs = conn.collection<{ _id: string }>('docs');
    await docs.insertOne({ _id: 'kept' });

    // Every connection dropped; new ones (the monitor's checks) are held silent.
    silent = true;
    for (const socket of sockets) socket.destroy();
    await waitFor(async () => (await docs.findOne({ _id: 'kept' }).then(() => undefined, () => true)), 'commands to fail while the store is silent', 20_000, 0);

    // The store answers again: commands work once the check under way gives up, which the
    // kit's 5 s bound makes well within 15 s (the driver's default of 30 s does not).
    silent = false;
    const found = await waitFor(() => docs.findOne({ _id: 'kept' }).then((doc) => doc ?? undefined), 'commands to work again', 15_000, 250);
    expect(found).toEqual({ _id: 'kept' });
  } finally {
    await conn.close(true).catch(() => undefined);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => front.close(() => resolve()));
  }
});
