import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { appError } from '@pinhive/kit';
import type { IdentityProvider } from './identity-link.repository';
import type { IdentityLoginMethod, VerifiedIdentity } from './identity-verifier';

/** A provider's popup started in one browser: what its answer must match. */
export interface StartedFlow {
  provider: IdentityProvider;
  /** Echoed by the provider: binds its answer to this start (SSO's code flow). */
  state: string;
  /** Carried in the ID token: binds the token to this start. */
  nonce: string;
  /** PKCE: only this browser's flow can exchange its code (SSO). */
  codeVerifier?: string;
  /** SSO: the email the flow was started for. */
  email?: string;
  /** Google-kind: started for the browser's one-tap prompt (FedCM), not a popup. */
  oneTap?: boolean;
}

/** An account a provider proved, waiting for its second factor. */
export interface HeldFirstFactor {
  userId: string;
  method: IdentityLoginMethod;
}

/** A popup is expected to finish within this; then its flow is forgotten. */
export const FLOW_TTL_SECONDS = 600;
/** A provider's log-in whose account asks for a second factor: the code step gets this long. */
export const FIRST_FACTOR_TTL_SECONDS = 600;
/** The sign-up after a provider's "no account yet" (birthday, email collection) gets this long. */
export const PENDING_IDENTITY_TTL_SECONDS = 1800;

const newId = () => randomBytes(18).toString('base64url');

/**
 * Short-lived state of provider sign-in, in Redis under ids the browser holds in httpOnly cookies:
 * the flow a popup was started with, and the identity a provider proved that has no account yet.
 * Each is taken once (GETDEL): a replayed answer or a second sign-up finds nothing.
 */
export class ProviderFlows {
  constructor(private readonly redis: Redis, private readonly namespace: string) {}

  async start(flow: Omit<StartedFlow, 'state' | 'nonce'>): Promise<{ id: string; flow: StartedFlow }> {
    const started: StartedFlow = { ...flow, state: newId(), nonce: newId() };
    return { id: await this.hold('idflow', started, FLOW_TTL_SECONDS), flow: started };
  }

  /** The flow this browser started, once; null when it expired or was used. */
  takeFlow = (id: string | undefined): Promise<StartedFlow | null> => this.read<StartedFlow>('idflow', id, 'take');

  /** The same, left in place: to learn which of a browser's flows an answer belongs to. */
  peekFlow = (id: string | undefined): Promise<StartedFlow | null> => this.read<StartedFlow>('idflow', id, 'keep');

  holdPending = (identity: VerifiedIdentity): Promise<string> => this.hold('identity', identity, PENDING_IDENTITY_TTL_SECONDS);

  /** Read without using it up: a refused sign-up (say, an under-age birthday) may be retried. */
  pending = (id: string | undefined): Promise<VerifiedIdentity | null> => this.read<VerifiedIdentity>('identity', id, 'keep');

  dropPending = (id: string): Promise<void> => this.drop('identity', id);

  /**
   * A provider proved this account in this browser and its second factor is asked for: the code
   * step (which cannot show the provider's popup again, nor exchange SSO's code twice) goes on
   * from here. Read, not taken: a wrong code may be retried; the log-in drops it once it passes.
   */
  holdFirstFactor = (held: HeldFirstFactor): Promise<string> => this.hold('idmfa', held, FIRST_FACTOR_TTL_SECONDS);

  firstFactor = (id: string | undefined): Promise<HeldFirstFactor | null> => this.read<HeldFirstFactor>('idmfa', id, 'keep');

  dropFirstFactor = (id: string): Promise<void> => this.drop('idmfa', id);

  private key = (kind: string, id: string) => `${this.namespace}${kind}:${id}`;

  /** Stores `value` under a new random id, which the browser then holds in its cookie. */
  private async hold(kind: string, value: unknown, ttlSeconds: number): Promise<string> {
    const id = newId();
    await this.redis.set(this.key(kind, id), JSON.stringify(value), 'EX', ttlSeconds).catch(() => { throw appError('service_unavailable'); });
    return id;
  }

  private async read<T>(kind: string, id: string | undefined, mode: 'take' | 'keep'): Promise<T | null> {
    if (!id) return null;
    const key = this.key(kind, id);
    const raw = await (mode === 'take' ? this.redis.getdel(key) : this.redis.get(key)).catch(() => { throw appError('service_unavailable'); });
    return raw ? (JSON.parse(raw) as T) : null;
  }

  private async drop(kind: string, id: string): Promise<void> {
    await this.redis.del(this.key(kind, id)).catch(() => undefined);
  }
}
