import { appError, AppError } from '../errors';
import type { Viewer } from '../auth/tokens';

/**
 * Per-resource authorisation (Outline's `policies/`, as one small object per resource): each
 * rule answers whether a viewer (or an anonymous caller) may do an action to one object. Rules
 * are plain synchronous functions of the viewer and the object: whatever they need (owner id,
 * collaborators, privacy, deactivation) is on the object the repository loaded.
 */
export type PolicyRule<S> = (viewer: Viewer | undefined, subject: S) => boolean;

export interface PolicyDef<S, A extends string> {
  /** The resource's name, given with the action in a 403's `data` (e.g. `board`). */
  resource: string;
  /** One rule per action; `read` is always there, as it decides what a hidden object shows. */
  rules: Record<A | 'read', PolicyRule<S>>;
  /**
   * `not_found`: an object the viewer may not `read` answers 404 for every action, exactly as if
   * it did not exist (secret boards, deactivated accounts); an object they may read but not
   * change answers 403. `forbidden` (the default): every refusal is 403 (401 when anonymous).
   */
  hideAs?: 'not_found' | 'forbidden';
  /** The 404 message for a missing or hidden object, e.g. `User not found.` (default `Not found.`). */
  notFoundMessage?: string;
}

export interface Policy<S, A extends string> extends Readonly<PolicyDef<S, A | 'read'>> {
  readonly hideAs: 'not_found' | 'forbidden';
}

/**
 * Defines a resource's policy. Give the subject type and the actions explicitly
 * (`definePolicy<BoardSubject, 'read' | 'update'>({...})`), or let them be inferred from the rules.
 */
export function definePolicy<S, A extends string>(def: PolicyDef<S, A>): Policy<S, A> {
  return Object.freeze({ ...def, hideAs: def.hideAs ?? 'forbidden' });
}

/** Whether the viewer may do `action` to `subject` (for filtering lists; no error). */
export function can<S, A extends string>(viewer: Viewer | undefined, action: NoInfer<A> | 'read', subject: NoInfer<S>, policy: Policy<S, A>): boolean {
  return policy.rules[action](viewer, subject);
}

/**
 * Throws unless the viewer may do `action` to `subject`; a missing subject (`null`/`undefined`,
 * as a repository's find answers) is a 404 with the policy's message. Refusals:
 * - hidden (`hideAs: 'not_found'`, and the viewer may not even `read` it): 404, as if missing;
 * - otherwise 403 `forbidden`, or 401 `unauthorized` when there is no viewer (logging in may help).
 * After it returns, `subject` is known to be there.
 */
export function authorize<S, A extends string>(
  viewer: Viewer | undefined,
  action: NoInfer<A> | 'read',
  subject: NoInfer<S> | null | undefined,
  policy: Policy<S, A>,
): asserts subject is NoInfer<S> {
  if (subject === null || subject === undefined) throw notFound(policy.notFoundMessage);
  if (policy.rules[action](viewer, subject)) return;
  throw refusal(viewer, action, subject, policy);
}

const notFound = (message = 'Not found.'): AppError => appError('not_found', { message });

function refusal<S, A extends string>(viewer: Viewer | undefined, action: A | 'read', subject: S, policy: Policy<S, A>): AppError {
  const hidden = policy.hideAs === 'not_found' && (action === 'read' || !policy.rules.read(viewer, subject));
  if (hidden) return notFound(policy.notFoundMessage);
  // The catalogue's messages only: message_detail is shown to people by the web app.
  return viewer ? appError('forbidden', { data: { resource: policy.resource, action } }) : appError('unauthorized');
}
