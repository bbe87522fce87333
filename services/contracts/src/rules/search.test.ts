import { paletteColorOf } from './colors';
import { isTrueText, noticeShowsActions, searchOptionsFromUrl, searchOptionsSchema } from '../search';

const parse = (options: Record<string, unknown>) => searchOptionsSchema.safeParse(options);

describe('search options (section 3 and 5)', () => {
  it.each([
    ['true', true], ['TRUE', true], ['True', true], [true, true],
    ['yes', false], ['1', false], ['false', false], [' true', false], ['', false], [undefined, false],
  ])('commerce_only and auto_correction_disabled: %p is %p', (value, expected) => {
    expect(isTrueText(value)).toBe(expected);
    const parsed = parse({ query: 'cake', commerce_only: value, auto_correction_disabled: value });
    expect(parsed.success && parsed.data.commerce_only).toBe(expected);
    expect(parsed.success && parsed.data.auto_correction_disabled).toBe(expected);
  });

  it('needs a query, trimmed, of at most 200 characters', () => {
    expect(parse({ query: '   ' }).error?.issues[0]?.message).toBe('Type something to search for.');
    expect(parse({}).error?.issues[0]?.message).toBe('Type something to search for.');
    expect(parse({ query: 'x'.repeat(201) }).error?.issues[0]?.message).toBe('Searches can be at most 200 characters.');
    expect(parse({ query: '  lemon cake ' }).data?.query).toBe('lemon cake');
  });

  it('defaults the scope to pins and refuses a scope the spec does not name', () => {
    expect(parse({ query: 'a' }).data?.scope).toBe('pins');
    expect(parse({ query: 'a', scope: 'my_content' }).data?.scope).toBe('my_content');
    expect(parse({ query: 'a', scope: 'everything' }).success).toBe(false);
  });

  it('reads colours and domains as comma-joined text or arrays, and refuses unknown colours', () => {
    expect(parse({ query: 'a', colors: 'red, blue' }).data?.colors).toEqual(['red', 'blue']);
    expect(parse({ query: 'a', colors: ['teal'] }).data?.colors).toEqual(['teal']);
    expect(parse({ query: 'a', colors: 'magenta' }).error?.issues[0]?.message).toMatch(/^Colours are red, orange/);
    expect(parse({ query: 'a', domains: 'example.com,www.site.org' }).data?.domains).toEqual(['example.com', 'www.site.org']);
    expect(parse({ query: 'a', domains: 'not a domain' }).success).toBe(false);
  });

  it('reads prices as numbers of at least 0 and journey_depth as a whole number', () => {
    expect(parse({ query: 'a', price_min: '10', price_max: '25.50' }).data).toMatchObject({ price_min: 10, price_max: 25.5 });
    expect(parse({ query: 'a', price_min: '-1' }).success).toBe(false);
    expect(parse({ query: 'a', price_min: 'cheap' }).success).toBe(false);
    expect(parse({ query: 'a', journey_depth: '3' }).data?.journey_depth).toBe(3);
    expect(parse({ query: 'a', journey_depth: '1.5' }).success).toBe(false);
  });
});

describe('the search page URL', () => {
  it('takes the query from q and the scope from the path, pins when the path names none', () => {
    const params = new URLSearchParams('q=%20lemon%20cake%20&rs=typed&commerce_only=TRUE&colors=yellow&tab=boards&brands=x');
    expect(searchOptionsFromUrl('boards', params)).toEqual({ query: 'lemon cake', scope: 'boards', rs: 'typed', commerce_only: 'TRUE', colors: 'yellow' });
    expect(searchOptionsFromUrl('everything', new URLSearchParams('q=a')).scope).toBe('pins');
    expect(searchOptionsFromUrl(undefined, new URLSearchParams('q=a&user=')).scope).toBe('pins');
  });

  it('gives options the resource parses as the spec says', () => {
    const options = searchOptionsFromUrl('pins', new URLSearchParams('q=tea&auto_correction_disabled=True&price_min=5'));
    expect(searchOptionsSchema.parse(options)).toMatchObject({ query: 'tea', auto_correction_disabled: true, price_min: 5, commerce_only: false });
  });
});

describe('palette colours of a dominant colour', () => {
  it.each([
    ['#d32f2f', 'red'], ['#ff9800', 'orange'], ['#ffeb3b', 'yellow'], ['#4caf50', 'green'], ['#009688', 'teal'], ['#2196f3', 'blue'],
    ['#9c27b0', 'purple'], ['#f48fb1', 'pink'], ['#795548', 'brown'], ['#111111', 'black'], ['#9e9e9e', 'gray'], ['#fafafa', 'white'],
    ['FFFFFF', 'white'], ['#000000', 'black'],
  ])('%s is %s', (hex, name) => {
    expect(paletteColorOf(hex)).toBe(name);
  });

  it('answers null for what is not a hex colour', () => {
    expect(paletteColorOf('red')).toBeNull();
    expect(paletteColorOf('#12345')).toBeNull();
  });
});

describe('advisory notices', () => {
  it('show their action buttons at levels 4 and 14 only', () => {
    expect([0, 1, 4, 5, 13, 14, 15].filter(noticeShowsActions)).toEqual([4, 14]);
  });
});
