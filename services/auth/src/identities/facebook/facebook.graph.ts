import { appError, type Logger } from '@pinhive/kit';
import { z } from 'zod';

/** A Graph API call that takes longer than this counts as the provider being unavailable. */
const GRAPH_TIMEOUT_MS = 5000;

/** `debug_token`'s answer about a user's access token (Graph API shape). */
const debugTokenSchema = z.object({
  data: z.object({
    is_valid: z.boolean(),
    app_id: z.string().optional(),
    user_id: z.string().optional(),
    /** Epoch seconds; 0 for a token that does not expire. */
    expires_at: z.number().optional(),
    scopes: z.array(z.string()).optional(),
  }),
});
export type TokenFacts = { appId: string; userId: string; scopes: string[] };

/** The profile fields of spec section 7 (`me`), as the Graph API answers them. */
export const graphProfileSchema = z.object({
  id: z.string(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  email: z.string().optional(),
  gender: z.string().optional(),
  /** MM/DD/YYYY, or a partial form when the person shares less. */
  birthday: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string(), is_silhouette: z.boolean() }) }).optional(),
});
export type GraphProfile = z.infer<typeof graphProfileSchema>;

export const PROFILE_FIELDS = ['id', 'first_name', 'last_name', 'email', 'gender', 'birthday', 'picture'] as const;

/**
 * The two Graph API calls a relying party needs: is this user token valid and ours
 * (`debug_token`, asked with the app's id and secret), and the profile it may read (`me`).
 * FACEBOOK_GRAPH_URL chooses the real Graph API or the local provider's stand-in.
 */
export class FacebookGraph {
  constructor(private readonly opts: { graphUrl: string; appId: string; appSecret: string; logger: Logger; fetchImpl?: typeof fetch }) {}

  /** The token's facts when it is valid, unexpired and issued to this app; identity_invalid otherwise. */
  async inspect(token: string, now = new Date()): Promise<TokenFacts> {
    const body = await this.get('debug_token', { input_token: token, access_token: `${this.opts.appId}|${this.opts.appSecret}` }, debugTokenSchema);
    const d = body.data;
    const expired = d.expires_at !== undefined && d.expires_at !== 0 && d.expires_at * 1000 <= now.getTime();
    if (!d.is_valid || expired || d.app_id !== this.opts.appId || !d.user_id) throw appError('identity_invalid', { data: { provider: 'facebook' } });
    return { appId: d.app_id, userId: d.user_id, scopes: d.scopes ?? [] };
  }

  profile(token: string, fields: readonly string[] = PROFILE_FIELDS): Promise<GraphProfile> {
    return this.get('me', { fields: fields.join(','), access_token: token }, graphProfileSchema);
  }

  private async get<T>(call: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`${this.opts.graphUrl.replace(/\/$/, '')}/${call}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await (this.opts.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS) });
    } catch (err) {
      this.opts.logger.info({ err, call }, 'Graph API unreachable');
      throw appError('provider_unavailable', { data: { provider: 'facebook' } });
    }
    if (res.status >= 500) throw appError('provider_unavailable', { data: { provider: 'facebook' } });
    const parsed = schema.safeParse(await res.json().catch(() => null));
    // A 4xx: the user token is invalid or expired (`me`), or our app's credentials are refused
    // (`debug_token`: an operator's mistake, logged as such).
    if (!res.ok || !parsed.success) {
      if (call === 'debug_token') this.opts.logger.error({ status: res.status, call }, 'Graph API refused the app credentials or answered an unknown shape');
      throw appError('identity_invalid', { data: { provider: 'facebook' } });
    }
    return parsed.data;
  }
}

/** The Graph API's MM/DD/YYYY as YYYY-MM-DD; undefined for a partial birthday (no year). */
export function isoBirthday(graph: string | undefined): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(graph ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : undefined;
}
