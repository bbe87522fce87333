import { Kafka, logLevel, type Admin, type Consumer, type LogEntry, type Message, type Producer } from 'kafkajs';
import type { EventEnvelope } from '@pinhive/contracts';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import type { EventBus, EventHandler } from './bus';
import { MAX_EVENT_BATCH, type Dispatcher } from './dispatcher';
// Before any client is made: kafkajs' idle connections would spin on a 1 ms timer.
import './kafkajs-idle-loop';

/** Partitions of each topic the kit creates: as many events of a type as can be handled at once per process. */
const TOPIC_PARTITIONS = 3;
/**
 * A dead-letter topic is made when its first event is parked, with one partition: nobody
 * consumes it in order or at a rate (operators read it), and most are never used. Made with
 * every consumed topic they were half the partitions each start asked the broker for
 * (docs/decisions/events-and-outbox.md).
 */
const DEAD_LETTER_PARTITIONS = 1;

export interface KafkaBusOptions {
  service: string;
  brokers: string[];
  topicPrefix: string;
  /** How long the broker may gather events for one fetch (EVENT_GATHER_MS); 0 or absent: none. */
  gatherMs?: number;
  logger: Logger;
  metrics?: Metrics;
  /** Builds the dispatcher once the handlers are known. */
  dispatcher: (handlers: readonly EventHandler[], deadLetter: EventBus['publishRaw']) => Dispatcher;
}

const RECONNECT_MS = 1000;
/**
 * With a gather time, a fetch is answered once this much has gathered, or the time has passed:
 * about 40 saved-pin events, fewer than a batch holds (MAX_EVENT_BATCH). Under load a batch so
 * waits less than the gather time.
 */
const GATHER_MIN_BYTES = 64 * 1024;
/** Without one, a fetch is answered by the first byte, or after this long with nothing (kafkajs' default). */
const IDLE_FETCH_WAIT_MS = 5000;
/** How long `stop` waits for a consumer's start under way to end. */
const STOP_WAIT_MS = 15_000;

/** kafkajs' own log lines go through our logger, quietly: the bus logs what matters itself. */
function logCreator(logger: Logger) {
  return () => ({ level, log }: LogEntry) => {
    const { message, ...extra } = log;
    if (level <= logLevel.ERROR) logger.debug({ kafka: extra }, `kafkajs: ${message}`);
  };
}

/**
 * The Kafka implementation of the event bus. Topics are `<prefix><event type>`, keys are
 * aggregate ids. When the broker is away the consumer is rebuilt until it comes back, and
 * `publish` fails so that the outbox keeps the events for the next pass.
 */
export class KafkaBus implements EventBus {
  private readonly kafka: Kafka;
  private producer: Producer;
  private readonly admin: Admin;
  private consumer: Consumer | undefined;
  private dispatcher: Dispatcher | undefined;
  private handlers: readonly EventHandler[] = [];
  private producerConnected = false;
  private consumerRunning = false;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** The consumer's start under way (topics, connect, join), awaited by `stop`. */
  private starting: Promise<void> | undefined;
  /** Dead-letter topics this process has made sure of (`park`). */
  private readonly deadLetterTopics = new Set<string>();

  constructor(private readonly opts: KafkaBusOptions) {
    this.kafka = new Kafka({
      clientId: opts.service,
      brokers: opts.brokers,
      logCreator: logCreator(opts.logger),
      connectionTimeout: 3000,
      // kafkajs waits 30 s by default for an answer on a connection that died with the broker;
      // the outbox retries every pass anyway, so give up sooner and reconnect.
      requestTimeout: 5000,
      retry: { initialRetryTime: 200, retries: 3, maxRetryTime: 2000 },
    });
    this.producer = this.newProducer();
    this.admin = this.kafka.admin({ retry: { retries: 1, initialRetryTime: 200 } });
  }

  /**
   * An idempotent producer: the broker drops a batch it already has when a send is retried. Its
   * connection state is tracked for the current producer only (a replaced one's late events
   * change nothing).
   */
  private newProducer(): Producer {
    const producer = this.kafka.producer({ allowAutoTopicCreation: true, idempotent: true, maxInFlightRequests: 1 });
    producer.on(producer.events.CONNECT, () => { if (this.producer === producer) this.producerConnected = true; });
    producer.on(producer.events.DISCONNECT, () => { if (this.producer === producer) this.producerConnected = false; });
    return producer;
  }

  private topic(type: string): string {
    return `${this.opts.topicPrefix}${type}`;
  }

  subscribe(handlers: readonly EventHandler[]): void {
    this.handlers = [...this.handlers, ...handlers];
  }

  async publish(events: readonly EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    // One request for all of them: each topic's messages in their order (Kafka keeps the order
    // of a request's messages within a partition, and so per key).
    const byTopic = new Map<string, Message[]>();
    for (const e of events) {
      const topic = this.topic(e.type);
      const messages = byTopic.get(topic) ?? [];
      messages.push({ key: e.key, value: JSON.stringify(e), headers: { 'x-event-id': e.id } });
      byTopic.set(topic, messages);
    }
    await this.send([...byTopic].map(([topic, messages]) => ({ topic, messages })));
    for (const e of events) this.opts.metrics?.eventsPublished.inc({ type: e.type });
  }

  async publishRaw(topic: string, key: string, value: string, headers: Record<string, string> = {}): Promise<void> {
    await this.send([{ topic: this.topic(topic), messages: [{ key, value, headers }] }]);
  }

  private async send(topicMessages: { topic: string; messages: Message[] }[]): Promise<void> {
    const producer = this.producer;
    try {
      if (!this.producerConnected) await producer.connect();
      await producer.sendBatch({ topicMessages });
    } catch (err) {
      // A failed send leaves the producer behind: the next attempt (the outbox's next pass,
      // Kafka's redelivery) goes through a new one, with a new producer id. Connections to a
      // broker that went away can linger half-open; and when a batch spanning several
      // partitions half succeeded (one partition's leader moved as the broker restarted),
      // kafkajs' sequence numbers no longer match the broker's, which refuses every later
      // batch of that producer with "out of order sequence number", for good (kafkajs #598).
      // Sequences restart with the new id; what went out twice, consumers skip by event id.
      if (this.producer === producer) {
        this.producer = this.newProducer();
        this.producerConnected = false;
      }
      await producer.disconnect().catch(() => undefined);
      throw err;
    }
  }

  /**
   * Parks an event on its dead-letter topic, made first if this process has not yet made sure
   * of it. If either fails the dispatcher does not acknowledge the event: Kafka delivers it again.
   */
  private async park(topic: string, key: string, value: string, headers?: Record<string, string>): Promise<void> {
    if (!this.deadLetterTopics.has(topic)) {
      await this.admin.connect();
      await this.admin.createTopics({ waitForLeaders: true, topics: [{ topic: this.topic(topic), numPartitions: DEAD_LETTER_PARTITIONS, replicationFactor: 1 }] });
      this.deadLetterTopics.add(topic);
    }
    await this.publishRaw(topic, key, value, headers);
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.handlers.length === 0) return;
    this.dispatcher = this.opts.dispatcher(this.handlers, (t, k, v, h) => this.park(t, k, v, h));
    await this.startConsumerTracked();
  }

  private startConsumerTracked(): Promise<void> {
    const starting = this.startConsumer();
    this.starting = starting;
    return starting.finally(() => { if (this.starting === starting) this.starting = undefined; });
  }

  /** Creates the consumed topics, joins the group and runs; retried until it works. */
  private async startConsumer(): Promise<void> {
    if (this.stopped || !this.dispatcher) return;
    const dispatcher = this.dispatcher;
    const types = dispatcher.types();
    const consumer = this.kafka.consumer({
      groupId: `${this.opts.topicPrefix}${this.opts.service}`,
      // A crashed consumer is rebuilt by scheduleReconnect, never restarted by kafkajs on its own
      // timer: a restart's join under way when `stop` disconnects finds no running consumer to
      // stop, and goes on joining and fetching after its owner closed (kafkajs #1147, #1639).
      retry: { retries: 5, initialRetryTime: 300, restartOnFailure: async () => false },
      // After a broker restart the coordinator waits for the old member's session to expire
      // before the group works again (kafkajs has no static membership): keep that short.
      // 10 s is above the broker's default minimum (group.min.session.timeout.ms = 6 s).
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      ...(this.opts.gatherMs ? { minBytes: GATHER_MIN_BYTES, maxWaitTimeInMs: this.opts.gatherMs } : { minBytes: 1, maxWaitTimeInMs: IDLE_FETCH_WAIT_MS }),
    });
    this.consumer = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      this.consumerRunning = false;
      if (this.consumer === consumer) this.scheduleReconnect(`crash: ${payload.error.message}`);
    });
    consumer.on(consumer.events.GROUP_JOIN, () => { this.consumerRunning = true; });
    consumer.on(consumer.events.STOP, () => { this.consumerRunning = false; });
    try {
      await this.admin.connect();
      await this.admin.createTopics({
        waitForLeaders: true,
        topics: types.map((t) => ({ topic: this.topic(t), numPartitions: TOPIC_PARTITIONS, replicationFactor: 1 })),
      });
      await consumer.connect();
      // Stopped while connecting (a service closed as it started): its disconnect found nothing
      // to close, so this consumer must not go on to join the group on its own.
      if (this.stopped) return void (await consumer.disconnect().catch(() => undefined));
      await consumer.subscribe({ topics: types.map((t) => this.topic(t)), fromBeginning: true });
      await consumer.run({
        // Offsets are committed at most every half second (or each 100 messages), not after each
        // fetch: a save costs one Kafka request fewer. A crash redelivers up to that much, which
        // the dispatcher skips (processed_events), as it does any redelivery.
        autoCommitInterval: 500,
        autoCommitThreshold: 100,
        // Each partition's messages stay in order; the partitions (TOPIC_PARTITIONS per topic) are
        // handled side by side, as they already are when several instances share them: a
        // handler never relied on another partition's events waiting. One process otherwise
        // handles its events one at a time, each waiting on its store round trips.
        partitionsConsumedConcurrently: TOPIC_PARTITIONS,
        // What one fetch brought of a partition goes to the dispatcher in batches of at most
        // MAX_EVENT_BATCH, in order: handlers with `handleBatch` share their store work across
        // a batch (one fetch holds one message when the consumer keeps up, several under load).
        // Offsets are resolved a batch at a time, once it is handled (or parked), and never for
        // a batch left unhandled when the consumer stops or rebalances: Kafka redelivers it.
        eachBatchAutoResolve: false,
        eachBatch: async (fetched) => {
          const { batch } = fetched;
          const type = batch.topic.slice(this.opts.topicPrefix.length);
          const heartbeat = () => fetched.heartbeat();
          for (let i = 0; i < batch.messages.length; i += MAX_EVENT_BATCH) {
            if (!fetched.isRunning() || fetched.isStale()) return;
            const messages = batch.messages.slice(i, i + MAX_EVENT_BATCH);
            await dispatcher.dispatchBatch(type, messages.map((m) => ({ key: m.key?.toString() ?? '', value: m.value?.toString() ?? '' })), heartbeat);
            const last = messages[messages.length - 1];
            if (last) fetched.resolveOffset(last.offset);
            await fetched.commitOffsetsIfNecessary();
            await heartbeat();
          }
        },
      });
      if (this.stopped) await consumer.disconnect().catch(() => undefined);
    } catch (err) {
      this.scheduleReconnect(err instanceof Error ? err.message : String(err));
    }
  }

  private scheduleReconnect(reason: string): void {
    if (this.stopped || this.reconnectTimer) return;
    this.opts.logger.warn({ reason }, 'kafka consumer down; reconnecting');
    const old = this.consumer;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void (async () => {
        await old?.disconnect().catch(() => undefined);
        await this.startConsumerTracked();
      })();
    }, RECONNECT_MS);
  }

  async ready(): Promise<boolean> {
    await this.admin.connect();
    const cluster = await this.admin.describeCluster();
    if (cluster.brokers.length === 0) return false;
    return this.handlers.length === 0 || this.consumerRunning;
  }

  /**
   * Stops for good. A start under way (a join Kafka is slow to answer) is waited out, at most
   * STOP_WAIT_MS, and what it brought up disconnected: nothing of this bus runs after it resolves.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.dispatcher?.stop();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    await Promise.allSettled([this.consumer?.disconnect(), this.producer.disconnect(), this.admin.disconnect()]);
    const starting = this.starting;
    if (starting) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([starting, new Promise((resolve) => { timer = setTimeout(resolve, STOP_WAIT_MS); })]);
      clearTimeout(timer);
      await Promise.allSettled([this.consumer?.disconnect(), this.admin.disconnect()]);
    }
  }
}
