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
    const id = newId();
    await this.put(`idflow:${id}`, started, FLOW_TTL_SECONDS);
    return { id, flow: started };
  }

  /** The flow this browser started, once; null when it expired or was used. */
  takeFlow = (id: string | undefined): Promise<StartedFlow | null> => this.take<StartedFlow>(id ? `idflow:${id}` : undefined);

  async holdPending(identity: VerifiedIdentity): Promise<string> {
    const id = newId();
    await this.put(`identity:${id}`, identity, PENDING_IDENTITY_TTL_SECONDS);
    return id;
  }

  /** Read without using it up: a refused sign-up (say, an under-age birthday) may be retried. */
  async pending(id: string | undefined): Promise<VerifiedIdentity | null> {
    if (!id) return null;
    const raw = await this.redis.get(this.key(`identity:${id}`)).catch(() => { throw appError('service_unavailable'); });
    return raw ? (JSON.parse(raw) as VerifiedIdentity) : null;
  }

  async dropPending(id: string): Promise<void> {
    await this.redis.del(this.key(`identity:${id}`)).catch(() => undefined);
  }

  /**
   * A provider proved this account in this browser and its second factor is asked for: the code
   * step (which cannot show the provider's popup again, nor exchange SSO's code twice) goes on
   * from here. Read, not taken: a wrong code may be retried; the log-in drops it once it passes.
   */
  async holdFirstFactor(held: HeldFirstFactor): Promise<string> {
    const id = newId();
    await this.put(`idmfa:${id}`, held, FIRST_FACTOR_TTL_SECONDS);
    return id;
  }

  async firstFactor(id: string | undefined): Promise<HeldFirstFactor | null> {
    if (!id) return null;
    const raw = await this.redis.get(this.key(`idmfa:${id}`)).catch(() => { throw appError('service_unavailable'); });
    return raw ? (JSON.parse(raw) as HeldFirstFactor) : null;
  }

  async dropFirstFactor(id: string): Promise<void> {
    await this.redis.del(this.key(`idmfa:${id}`)).catch(() => undefined);
  }

  private key = (suffix: string) => `${this.namespace}${suffix}`;

  private async put(suffix: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key(suffix), JSON.stringify(value), 'EX', ttlSeconds).catch(() => { throw appError('service_unavailable'); });
  }

  private async take<T>(suffix: string | undefined): Promise<T | null> {
    if (!suffix) return null;
    const raw = await this.redis.getdel(this.key(suffix)).catch(() => { throw appError('service_unavailable'); });
    return raw ? (JSON.parse(raw) as T) : null;
  }
}
