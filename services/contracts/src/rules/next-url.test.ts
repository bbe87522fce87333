import { defaultReturnTarget, redirectTarget, safeNextPath, socialReturnTarget } from './next-url';

describe('safeNextPath', () => {
  it.each([
    '/',
    '/pin/123/?a=b',
    '/pin/123/#comments',
    '/search/pins/?q=red%20shoes&rs=typed',
    '/search/pins/?q=100%', // a stray "%" is not an attack
    '/search/pins/?q=caf%C3%A9',
    '/ada/?next=%2F%2Fevil.com', // encoded slashes later in the path are only data
    '/javascript:alert(1)', // a path segment, not a scheme
  ])('keeps the same-origin path %j', (next) => {
    expect(safeNextPath(next)).toBe(next);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['backslash after slash', '/\\evil.com'],
    ['double backslash', '\\\\evil.com'],
    ['backslash later on', '/pin/\\evil'],
    ['encoded protocol-relative, no leading slash', '%2F%2Fevil.com'],
    ['encoded slashes right after the first', '/%2F%2Fevil.com'],
    ['encoded slash right after the first', '/%2Fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['double-encoded slash', '/%252Fevil.com'],
    ['too many encoding layers', '/pin/%2525252525'],
    ['over-long UTF-8 slash', '/%C0%AFevil.com'],
    ['encoded tab', '/%09/evil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['mixed-case scheme', 'JavaScript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['absolute URL', 'https://evil.com'],
    ['plain http', 'http://evil.com/pin/1'],
    ['leading space', ' /x'],
    ['tab after the slash', '/\t/evil.com'],
    ['newline after the slash', '/\n/evil.com'],
    ['NUL inside', '/pin\u0000/1'],
    ['relative path', 'pin/123'],
    ['empty', ''],
    ['undefined', undefined],
    ['null', null],
  ])('falls back for %s', (_, next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('accepts up to 2048 characters', () => {
    const path = (length: number) => '/' + 'a'.repeat(length - 1);
    expect(safeNextPath(path(2048))).toBe(path(2048));
    expect(safeNextPath(path(2049))).toBe('/');
  });

  it('returns the given fallback', () => {
    expect(safeNextPath('//evil.com', '/home/')).toBe('/home/');
    expect(safeNextPath(undefined, '/home/')).toBe('/home/');
    expect(safeNextPath('/pin/1/', '/home/')).toBe('/pin/1/');
  });
});

describe('defaultReturnTarget', () => {
  it.each(['/login', '/login/', '/signup', '/signup/', '/add-account', '/add-account/', '/add-account/business/'])(
    'is the root on %s',
    (pathname) => {
      expect(defaultReturnTarget({ pathname, search: '?next=%2Fpin%2F1%2F' })).toBe('/');
    },
  );

  it('is the current path and query elsewhere', () => {
    expect(defaultReturnTarget({ pathname: '/pin/123/', search: '?a=b' })).toBe('/pin/123/?a=b');
    expect(defaultReturnTarget({ pathname: '/ada/boards/', search: '' })).toBe('/ada/boards/');
    expect(defaultReturnTarget({ pathname: '/login/help/', search: '' })).toBe('/login/help/');
  });

  it('never returns a current address that would leave the site', () => {
    expect(defaultReturnTarget({ pathname: '//evil.com', search: '' })).toBe('/');
  });
});

describe('socialReturnTarget', () => {
  it('is the root on /add-account paths', () => {
    expect(socialReturnTarget({ pathname: '/add-account/', search: '?a=b' })).toBe('/');
  });

  it('is the current path without the query elsewhere, the auth pages included', () => {
    expect(socialReturnTarget({ pathname: '/pin/123/', search: '?a=b' })).toBe('/pin/123/');
    expect(socialReturnTarget({ pathname: '/login/', search: '' })).toBe('/login/');
  });

  it('never returns a current address that would leave the site', () => {
    expect(socialReturnTarget({ pathname: '//evil.com/', search: '' })).toBe('/');
  });
});

describe('redirectTarget', () => {
  it('uses a safe next parameter', () => {
    expect(redirectTarget('?next=%2Fpin%2F123%2F%3Fa%3Db')).toBe('/pin/123/?a=b');
    expect(redirectTarget('next=/ada/boards/')).toBe('/ada/boards/');
    expect(redirectTarget('?aec=1&next=/pin/1/')).toBe('/pin/1/');
  });

  it('is the root when next is absent, empty or unsafe', () => {
    expect(redirectTarget('')).toBe('/');
    expect(redirectTarget('?a=b')).toBe('/');
    expect(redirectTarget('?next=')).toBe('/');
    expect(redirectTarget('?next=%2F%2Fevil.com')).toBe('/');
    expect(redirectTarget('?next=https%3A%2F%2Fevil.com')).toBe('/');
    expect(redirectTarget('?next=javascript:alert(1)')).toBe('/');
  });

  it('takes the first next when there are several', () => {
    expect(redirectTarget('?next=/pin/1/&next=/pin/2/')).toBe('/pin/1/');
  });
});
