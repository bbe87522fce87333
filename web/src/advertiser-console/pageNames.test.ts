import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { CONSOLE_OFFERED_PAGES, CONSOLE_PAGE_NAMES, CONSOLE_PAGES, isOfferedConsolePage } from '@pinhive/contracts';
import en from '../i18n/en.json';
import { CONSOLE_NAV } from './sections';

describe('the advertiser console in the web app', () => {
  it('names every page of the URL table, and no other (the heading of its section or its "not offered" statement)', () => {
    expect(Object.keys(en.advertiserConsole.pages).sort()).toEqual([...CONSOLE_PAGE_NAMES].sort());
  });

  it('lists every offered page in its navigation, once', () => {
    const listed = CONSOLE_NAV.flatMap((entry) => ('page' in entry ? [entry.page] : entry.pages));
    expect([...listed].sort()).toEqual([...CONSOLE_OFFERED_PAGES].sort());
  });

  it("agrees with the README's list of offered and not-offered console paths", () => {
    const readme = readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
    const section = readme.split('## Advertiser console\n')[1]?.split('\n## ')[0] ?? '';
    const [offeredTable = '', rest = ''] = section.split("Every other path of the table");
    const offeredPaths = [...offeredTable.matchAll(/^\| [^|]+ \| (.+) \|$/gm)].flatMap(([, cell]) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map(([, code]) => code));
    for (const page of CONSOLE_OFFERED_PAGES) expect(offeredPaths).toContain(CONSOLE_PAGES[page]);
    // Every other page is named in the not-offered paragraph (subpages by their last segment).
    for (const page of CONSOLE_PAGE_NAMES.filter((name) => !isOfferedConsolePage(name) && name !== 'advertiserQuickPromote')) {
      const full = CONSOLE_PAGES[page];
      const last = full.replace(/\/$/, '').split('/').pop() ?? '';
      expect({ page, listed: rest.includes(`\`${full}\``) || rest.includes(`\`${last}\``) }).toEqual({ page, listed: true });
    }
  });
});
