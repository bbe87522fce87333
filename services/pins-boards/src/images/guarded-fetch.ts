import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { appError, AppError } from '@pinhive/kit';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * The one way pins-boards fetches anything from outside (images from links, pages to scrape).
 * A link is the user's, so it may point at our own network (the cloud metadata service, a
 * database's HTTP port): every connection goes through request-filtering-agent, which checks
 * the address after DNS resolution, for the first request and for each redirect, and refuses
 * anything but public unicast (private, loopback, link-local, unique-local, CGNAT, multicast,
 * unspecified, reserved, IPv4-mapped) before a socket connects. IP literals are checked the same
 * way, without a lookup. Only FETCH_ALLOW_HOSTS (empty by default: tests set their local server)
 * skips the address check, by exact `host:port`.
 */
export const MAX_REDIRECTS = 5;

export type Expectation = 'image' | 'html';

export interface GuardedFetcherOptions {
  /** `host:port` pairs (lowercase; IPv6 in brackets) reached without the address check. */
  allowHosts: readonly string[];
  /** For the whole fetch: every redirect and the body. */
  timeoutMs: number;
  maxRedirects?: number;
}

export interface FetchOptions {
  /** What the caller can use: `image/*`, or an HTML page; anything else is refused. */
  expect: Expectation;
  /** Reading stops, and the fetch fails, past this many bytes. */
  maxBytes: number;
  /** The request field the URL came from, named in refusals. */
  field: string;
}

export interface Fetched {
  /** After redirects. */
  url: string;
  contentType: string;
  bytes: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

const refused = (field: string, detail: string) => appError('image_url_refused', { field, detail });
const failed = (field: string, detail: string) => appError('image_fetch_failed', { field, detail });

/**
 * A link as the fetcher accepts it: an absolute http(s) URL without user name or password (they
 * would go to the other server, and `user@host` links are a classic way to disguise one).
 */
export function checkFetchUrl(raw: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(field, 'The link is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(field, `Only http and https links can be fetched, not ${url.protocol.replace(/:$/, '')}.`);
  if (url.username || url.password) throw refused(field, 'Links with a user name or password are not fetched.');
  if (!url.hostname) throw refused(field, 'The link has no host.');
  return url;
}

/** `host:port` of a URL as FETCH_ALLOW_HOSTS writes it (WHATWG's hostname is lowercase, IPv6 in brackets). */
export const hostPort = (url: URL): string => `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;

/** Whether a response's content type is what the caller expects. */
export function acceptsType(contentType: string, expect: Expectation): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return expect === 'image' ? /^image\/[a-z0-9.+-]+$/.test(type) : type === 'text/html' || type === 'application/xhtml+xml';
}

/** request-filtering-agent's refusal ("DNS lookup 10.0.0.1(...) is not allowed. Because, ..."). */
const isAddressRefusal = (err: unknown) => err instanceof Error && /^DNS lookup .* is not allowed/.test(err.message);

export class GuardedFetcher {
  private readonly allow: ReadonlySet<string>;
  private readonly maxRedirects: number;
  // No keep-alive: each fetch is to a different outside server, and an idle socket kept for one
  // would outlive the checks made when it connected.
  private readonly agents = {
    guarded: { 'http:': new RequestFilteringHttpAgent({ keepAlive: false }), 'https:': new RequestFilteringHttpsAgent({ keepAlive: false }) },
    allowed: { 'http:': new http.Agent({ keepAlive: false }), 'https:': new https.Agent({ keepAlive: false }) },
  };

  constructor(private readonly opts: GuardedFetcherOptions) {
    this.allow = new Set(opts.allowHosts.map((h) => h.toLowerCase()));
    this.maxRedirects = opts.maxRedirects ?? MAX_REDIRECTS;
  }

  async fetch(raw: string, opts: FetchOptions): Promise<Fetched> {
    const { field } = opts;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.opts.timeoutMs);
    try {
      let url = checkFetchUrl(raw, field);
      for (let redirects = 0; ; redirects++) {
        const res = await this.request(url, abort.signal, field);
        const location = res.headers.location;
        if (REDIRECTS.has(res.statusCode ?? 0) && location) {
          res.resume();
          if (redirects >= this.maxRedirects) throw failed(field, `The link redirects more than ${this.maxRedirects} times.`);
          let next: string;
          try {
            next = new URL(location, url).href;
          } catch {
            throw failed(field, 'The link redirects to an invalid URL.');
          }
          url = checkFetchUrl(next, field);
          continue;
        }
        return await this.read(url, res, opts);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (abort.signal.aborted) throw failed(field, `The link did not answer within ${this.opts.timeoutMs} ms.`);
      if (isAddressRefusal(err)) throw refused(field, 'The link leads to a private or reserved network address.');
      throw failed(field, `The link could not be fetched (${errorCode(err)}).`);
    } finally {
      clearTimeout(timer);
    }
  }

  private request(url: URL, signal: AbortSignal, field: string): Promise<IncomingMessage> {
    const protocol = url.protocol as 'http:' | 'https:';
    const agent = (this.allow.has(hostPort(url)) ? this.agents.allowed : this.agents.guarded)[protocol];
    const client = protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, {
        method: 'GET',
        agent,
        signal,
        // No Accept-Encoding: the body arrives as stored, so the byte limit is the real size.
        headers: { 'user-agent': 'PinhiveBot/1.0 (+pin images)', accept: 'image/*,text/html;q=0.9,*/*;q=0.1' },
      });
      req.once('response', resolve);
      req.once('error', (err) => reject(isAddressRefusal(err) ? refused(field, 'The link leads to a private or reserved network address.') : err));
      req.end();
    });
  }

  private async read(url: URL, res: IncomingMessage, opts: FetchOptions): Promise<Fetched> {
    const { field, expect, maxBytes } = opts;
    const status = res.statusCode ?? 0;
    const tooLarge = () =>
      expect === 'image'
        ? appError('image_too_large', { field, detail: `The image is larger than ${maxBytes} bytes.` })
        : failed(field, `The page is larger than ${maxBytes} bytes.`);
    try {
      if (status < 200 || status > 299) throw failed(field, `The link answered HTTP ${status}.`);
      const contentType = res.headers['content-type'] ?? '';
      if (!acceptsType(contentType, expect)) {
        const detail = `The link is ${contentType ? contentType.split(';')[0] : 'of no declared type'}, not ${expect === 'image' ? 'an image' : 'a web page'}.`;
        throw expect === 'image' ? appError('image_invalid', { field, detail }) : failed(field, detail);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res) {
        const buf = chunk as Buffer;
        size += buf.length;
        // Stop reading as soon as the limit is passed: a server may lie about or omit the length.
        if (size > maxBytes) throw tooLarge();
        chunks.push(buf);
      }
      return { url: url.href, contentType, bytes: Buffer.concat(chunks) };
    } finally {
      res.destroy();
    }
  }

  /** Closes the agents' sockets (at shutdown, and between tests). */
  close(): void {
    const { guarded, allowed } = this.agents;
    const all: http.Agent[] = [guarded['http:'], guarded['https:'], allowed['http:'], allowed['https:']];
    for (const agent of all) agent.destroy();
  }
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : 'unknown error';
}
