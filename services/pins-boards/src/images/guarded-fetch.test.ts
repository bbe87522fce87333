import { AppError } from '@pinhive/kit';
import { acceptsType, checkFetchUrl, GuardedFetcher, hostPort } from './guarded-fetch';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { code: (err as AppError).code, field: (err as AppError).data?.field, detail: (err as AppError).detail };
  }
  throw new Error('not refused');
};

describe('checkFetchUrl', () => {
  it('accepts absolute http and https links', () => {
    expect(checkFetchUrl('https://cdn.example/a.jpg', 'image_url').href).toBe('https://cdn.example/a.jpg');
    expect(checkFetchUrl('HTTP://CDN.example:8080/a b.jpg', 'image_url').href).toBe('http://cdn.example:8080/a%20b.jpg');
  });

  it.each(['ftp://files.example/a.jpg', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'gopher://x.example/', 'ws://x.example/'])('refuses the scheme of %s', (url) => {
    expect(refusal(() => checkFetchUrl(url, 'image_url'))).toMatchObject({ code: 'image_url_refused', field: 'image_url', detail: expect.stringContaining('Only http and https') });
  });

  it.each(['', 'not a url', '/relative/a.jpg', 'http://'])('refuses %j as not a URL', (url) => {
    expect(refusal(() => checkFetchUrl(url, 'url'))).toMatchObject({ code: 'image_url_refused', field: 'url' });
  });

  it('refuses a user name or password in the link', () => {
    expect(refusal(() => checkFetchUrl('https://cdn.example@10.0.0.1/a.jpg', 'image_url'))).toMatchObject({ code: 'image_url_refused', detail: expect.stringContaining('user name') });
  });
});

describe('hostPort', () => {
  it('writes the host and port as FETCH_ALLOW_HOSTS does, with the default port', () => {
    expect(hostPort(new URL('http://LocalHost/x'))).toBe('localhost:80');
    expect(hostPort(new URL('https://cdn.example/x'))).toBe('cdn.example:443');
    expect(hostPort(new URL('http://127.0.0.1:8080/x'))).toBe('127.0.0.1:8080');
    expect(hostPort(new URL('http://[::1]:8080/x'))).toBe('[::1]:8080');
    // WHATWG URLs normalise other spellings of an address, so they cannot dodge the list.
    expect(hostPort(new URL('http://0x7f.1:8080/x'))).toBe('127.0.0.1:8080');
  });
});

describe('acceptsType', () => {
  it('takes images for images and HTML for pages', () => {
    expect(acceptsType('image/png', 'image')).toBe(true);
    expect(acceptsType('IMAGE/JPEG; charset=binary', 'image')).toBe(true);
    expect(acceptsType('text/html', 'image')).toBe(false);
    expect(acceptsType('', 'image')).toBe(false);
    expect(acceptsType('text/html; charset=utf-8', 'html')).toBe(true);
    expect(acceptsType('application/xhtml+xml', 'html')).toBe(true);
    expect(acceptsType('application/json', 'html')).toBe(false);
  });
});

describe('GuardedFetcher', () => {
  const fetcher = new GuardedFetcher({ allowHosts: [], timeoutMs: 1000 });
  afterAll(() => fetcher.close());

  it.each(['ftp://files.example/a.jpg', 'file:///etc/passwd'])('refuses %s before any connection', async (url) => {
    await expect(fetcher.fetch(url, { expect: 'image', maxBytes: 1000, field: 'image_url' })).rejects.toMatchObject({ code: 'image_url_refused', data: { field: 'image_url' } });
  });
});
