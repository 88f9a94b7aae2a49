import en from './en.json';
import es from './es.json';
import zh from './zh.json';

export const LOCALES = ['en', 'es', 'zh'] as const;
export type AppLocale = (typeof LOCALES)[number];

export const CATALOGS: Record<AppLocale, Record<string, string>> = { en, es, zh };

/** The interface language follows the browser (spec 1 §1): es, zh (any zh-*), otherwise en. */
export function pickLocale(language: string | undefined): AppLocale {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'es' || base === 'zh' ? base : 'en';
}

export const browserLocale = (): AppLocale =>
  pickLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
