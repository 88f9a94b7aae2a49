import { describe, expect, it } from 'vitest';
import { MSG } from '@fieldbook/domain';
import { CATALOGS, LOCALES, pickLocale } from './locale';

/** Every string value of MSG, nested groups included (e.g. MSG.passwordReqs.*). */
function msgIds(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(msgIds);
  return [];
}

// Source files of the web app, read raw, to find every literal `app.*` id they show.
const sources = import.meta.glob(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('message catalogues', () => {
  const enKeys = Object.keys(CATALOGS.en).sort();

  it.each(LOCALES)('%s has exactly the keys of en', (locale) => {
    expect(Object.keys(CATALOGS[locale]).sort()).toEqual(enKeys);
  });

  it.each(LOCALES)('%s has no empty translation', (locale) => {
    const empty = Object.entries(CATALOGS[locale]).filter(([, text]) => !text.trim());
    expect(empty).toEqual([]);
  });

  it('contains every domain message id', () => {
    const missing = msgIds(MSG).filter((id) => !(id in CATALOGS.en));
    expect(missing).toEqual([]);
  });

  // Server and domain files, read raw: every app.* id the server can answer with reaches a user too.
  const serverSources = import.meta.glob(
    ['../../../packages/domain/src/**/*.ts', '../../../server/src/**/*.ts', '!../../../**/*.test.ts'],
    {
      query: '?raw',
      import: 'default',
      eager: true,
    },
  ) as Record<string, string>;

  it('contains every app.* id the server and the shared rules can send', () => {
    const used = new Set<string>();
    for (const text of Object.values(serverSources)) {
      for (const match of text.matchAll(/['"`](app\.[A-Za-z0-9.-]+[A-Za-z0-9])['"`]/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((id) => !(id in CATALOGS.en)).sort()).toEqual([]);
  });

  it('contains every app.* id used in the web sources', () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(/['"](app\.[A-Za-z0-9.-]+)['"]/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((id) => !(id in CATALOGS.en))).toEqual([]);
  });

  it('uses the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of enKeys) {
      for (const locale of LOCALES) {
        expect([key, placeholders(CATALOGS[locale][key])]).toEqual([key, placeholders(CATALOGS.en[key])]);
      }
    }
  });
});

describe('pickLocale', () => {
  it.each([
    ['en-US', 'en'],
    ['es-MX', 'es'],
    ['es', 'es'],
    ['zh-CN', 'zh'],
    ['zh-Hant-TW', 'zh'],
    ['fr-FR', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (language, expected) => {
    expect(pickLocale(language)).toBe(expected);
  });
});
