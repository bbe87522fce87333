import { CSRF_HEADER, SESSION_COOKIES } from '@pinhive/contracts';

export interface Answer {
  status: number;
  body: { resource_response: { status: string; data?: unknown; error?: { code: string; message: string; data?: Record<string, unknown> } } };
  setCookies: string[];
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
}

/**
 * A minimal browser for integration tests: keeps cookies per name (path ignored: one host),
 * drops expired ones, and echoes the CSRF cookie in the header like the web app does.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, opts: { csrf?: boolean } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(SESSION_COOKIES.csrf);
    if (method !== 'GET' && csrf && opts.csrf !== false) headers[CSRF_HEADER] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair = '', ...attrs] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()) || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, body: (await res.json()) as Answer['body'], setCookies, headers: Object.fromEntries(res.headers) };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, opts?: { csrf?: boolean }) => this.request('POST', path, body ?? {}, opts);
  delete = (path: string) => this.request('DELETE', path);
}
