// Protocol-level health probes for the native servers, with node: built-ins only (no client
// libraries: this runs before `npm ci`). An open port is not enough: Kafka and FerretDB bind
// their ports before they can answer, so each probe sends a real request and checks the reply.
import net from 'node:net';

/**
 * Connects, writes `payload`, collects bytes until `complete(buf)` is true; resolves the buffer,
 * or null on refusal, close, or timeout.
 */
function exchange(port, payload, complete, { host = '127.0.0.1', timeoutMs = 2000 } = {}) {
  return new Promise((resolve) => {
    let buf = Buffer.alloc(0);
    const sock = net.connect({ port, host });
    const done = (v) => { sock.destroy(); resolve(v); };
    sock.setTimeout(timeoutMs, () => done(null));
    sock.once('error', () => done(null));
    sock.once('close', () => done(null));
    sock.once('connect', () => sock.write(payload));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (complete(buf)) done(buf);
    });
  });
}

// A Kafka response is complete once `size` bytes follow its 4-byte size prefix.
const kafkaFrame = (b) => b.length >= 4 && b.length >= b.readInt32BE(0) + 4;

/** Redis: PING must answer +PONG (not -LOADING or an error). */
export async function redisPing(port, host) {
  const reply = await exchange(port, 'PING\r\n', (b) => b.includes('\r\n'), { host });
  return reply !== null && reply.toString().startsWith('+PONG');
}

/** Kafka: ApiVersions v0 must answer with error_code 0, which the broker does only once it
 *  processes requests (its acceptor queues connections from early in startup). */
export async function kafkaApiVersions(port, host) {
  const clientId = Buffer.from('pinhive-health');
  const req = Buffer.alloc(4 + 2 + 2 + 4 + 2 + clientId.length);
  req.writeInt32BE(req.length - 4, 0); // size
  req.writeInt16BE(18, 4); // api_key: ApiVersions
  req.writeInt16BE(0, 6); // api_version 0 (request header v1, response header v0)
  req.writeInt32BE(4242, 8); // correlation_id
  req.writeInt16BE(clientId.length, 12);
  clientId.copy(req, 14);
  const reply = await exchange(port, req, kafkaFrame, { host });
  return reply !== null && reply.readInt32BE(4) === 4242 && reply.readInt16BE(8) === 0;
}

/** BSON for { ping: 1, $db: 'admin' }, built by hand. */
function pingDoc() {
  const el = (type, name, value) => Buffer.concat([Buffer.from([type]), Buffer.from(`${name}\0`), value]);
  const int32 = (n) => { const b = Buffer.alloc(4); b.writeInt32LE(n); return b; };
  const str = (s) => Buffer.concat([int32(Buffer.byteLength(s) + 1), Buffer.from(`${s}\0`)]);
  const body = Buffer.concat([el(0x10, 'ping', int32(1)), el(0x02, '$db', str('admin')), Buffer.from([0])]);
  return Buffer.concat([int32(body.length + 4), body]);
}

/** MongoDB wire protocol (FerretDB): OP_MSG { ping: 1 } must answer { ok: 1.0 }. */
export async function mongoPing(port, host) {
  const doc = pingDoc();
  const msg = Buffer.alloc(16 + 4 + 1 + doc.length);
  msg.writeInt32LE(msg.length, 0); // messageLength
  msg.writeInt32LE(4242, 4); // requestID
  msg.writeInt32LE(2013, 12); // opCode OP_MSG (responseTo and flagBits stay 0)
  msg.writeUInt8(0, 20); // section kind 0: body document
  doc.copy(msg, 21);
  // messageLength counts its own 4 bytes.
  const complete = (b) => b.length >= 4 && b.length >= b.readInt32LE(0);
  const reply = await exchange(port, msg, complete, { host });
  if (reply === null || reply.readInt32LE(8) !== 4242 || reply.readInt32LE(12) !== 2013) return false;
  // Reply body { ok: 1.0 }: find the double element named "ok" (type 0x01, "ok\0").
  const at = reply.indexOf(Buffer.from([0x01, 0x6f, 0x6b, 0x00]), 21);
  return at !== -1 && reply.readDoubleLE(at + 4) === 1;
}
