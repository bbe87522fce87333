import { newEvent } from './bus';
import { KafkaBus } from './kafka-bus';

/**
 * The producer's recovery, against a stand-in for kafkajs' Kafka: a real broker refuses an
 * idempotent producer's batches with "out of order sequence number" only after a batch half
 * succeeded across a leader move, which no test can bring about on purpose (the store-crash
 * integration test met it under load).
 */
interface FakeProducer {
  id: number;
  sent: unknown[];
  failWith?: Error;
  connect: jest.Mock;
  disconnect: jest.Mock;
  sendBatch: jest.Mock;
  on: jest.Mock;
  events: { CONNECT: string; DISCONNECT: string };
}

const producers: FakeProducer[] = [];

jest.mock('kafkajs', () => ({
  logLevel: { NOTHING: 0, ERROR: 1, WARN: 2, INFO: 4, DEBUG: 5 },
  Kafka: class {
    producer(): FakeProducer {
      const p: FakeProducer = {
        id: producers.length + 1,
        sent: [],
        connect: jest.fn(async () => undefined),
        disconnect: jest.fn(async () => undefined),
        sendBatch: jest.fn(async (req: { topicMessages: unknown[] }) => {
          if (p.failWith) throw p.failWith;
          p.sent.push(...req.topicMessages);
        }),
        on: jest.fn(),
        events: { CONNECT: 'producer.connect', DISCONNECT: 'producer.disconnect' },
      };
      producers.push(p);
      return p;
    }
    admin() {
      return { connect: jest.fn(), disconnect: jest.fn() };
    }
  },
}));

const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() } as never;
const bus = () => new KafkaBus({ service: 'test', brokers: ['127.0.0.1:1'], topicPrefix: 'p.', logger, dispatcher: () => { throw new Error('no handlers'); } });
const event = () => newEvent('auth', 'auth.user.registered.v1', 'u1', {
  userId: 'u1', username: 'ada', email: 'ada@example.com', firstName: 'Ada', lastName: '', country: null, registeredAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => {
  producers.length = 0;
});

describe('KafkaBus publishing', () => {
  it('a send the broker refused is retried through a new producer, whose batches go out', async () => {
    const b = bus();
    const first = producers[0]!;
    first.failWith = Object.assign(new Error('The broker received an out of order sequence number'), { type: 'OUT_OF_ORDER_SEQUENCE_NUMBER' });
    await expect(b.publish([event()])).rejects.toThrow('out of order sequence number');
    // The refused producer is let go, never used again.
    expect(first.disconnect).toHaveBeenCalled();
    await b.publish([event()]);
    expect(producers).toHaveLength(2);
    expect(producers[1]!.sent).toHaveLength(1);
    expect(first.sendBatch).toHaveBeenCalledTimes(1);
  });

  it('a producer that sends keeps being used', async () => {
    const b = bus();
    await b.publish([event()]);
    await b.publish([event(), event()]);
    expect(producers).toHaveLength(1);
    expect(producers[0]!.sendBatch).toHaveBeenCalledTimes(2);
  });

  it('stopping disconnects the producer in use, the replacement after a failure included', async () => {
    const b = bus();
    producers[0]!.failWith = new Error('Connection error');
    await expect(b.publish([event()])).rejects.toThrow('Connection error');
    await b.stop();
    expect(producers[1]!.disconnect).toHaveBeenCalled();
  });
});
