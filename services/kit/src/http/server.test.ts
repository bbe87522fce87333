import type { AddressInfo } from 'node:net';
import express from 'express';
import { expressServer } from './server';

describe('expressServer', () => {
  it("makes requests and responses with the app's prototypes, so Express has none to swap, and answers as app.listen would", async () => {
    const app = express();
    app.get('/x', (req, res) => {
      res.status(201).json({ host: req.get('host') !== undefined, path: req.path });
    });
    const server = expressServer(app);
    const seen: boolean[] = [];
    // Before Express's own handling: the objects already have the prototypes it would set.
    server.prependListener('request', (req, res) => seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/x?q=1`);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ host: true, path: '/x' });
      expect(seen).toEqual([true, true]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
