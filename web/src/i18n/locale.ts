import en from './en.json';
import es from './es.json';
import zh from './zh.json';
import dataEn from './data/en.json';
import dataEs from './data/es.json';
import dataZh from './data/zh.json';
import dictionariesEn from './dictionaries/en.json';
import dictionariesEs from './dictionaries/es.json';
import dictionariesZh from './dictionaries/zh.json';
import formsEn from './forms/en.json';
import formsEs from './forms/es.json';
import formsZh from './forms/zh.json';
import mapCoreEn from './map/en.json';
import mapCoreEs from './map/es.json';
import mapCoreZh from './map/zh.json';
import mapProjectsEn from './map-projects/en.json';
import mapProjectsEs from './map-projects/es.json';
import mapProjectsZh from './map-projects/zh.json';
import mapFeaturesEn from './map-features/en.json';
import mapFeaturesEs from './map-features/es.json';
import mapFeaturesZh from './map-features/zh.json';
import mapTransfersEn from './map-transfers/en.json';
import mapTransfersEs from './map-transfers/es.json';
import mapTransfersZh from './map-transfers/zh.json';
import mapSearchEn from './map-search/en.json';
import mapSearchEs from './map-search/es.json';
import mapSearchZh from './map-search/zh.json';
import activityEn from './activity/en.json';
import activityEs from './activity/es.json';
import activityZh from './activity/zh.json';
import reportsEn from './reports/en.json';
import reportsEs from './reports/es.json';
import reportsZh from './reports/zh.json';
import attachmentsEn from './attachments/en.json';
import attachmentsEs from './attachments/es.json';
import attachmentsZh from './attachments/zh.json';
import featureFormsEn from './feature-forms/en.json';
import featureFormsEs from './feature-forms/es.json';
import featureFormsZh from './feature-forms/zh.json';
import oneCallEn from './onecall/en.json';
import oneCallEs from './onecall/es.json';
import oneCallZh from './onecall/zh.json';

export const LOCALES = ['en', 'es', 'zh'] as const;
export type AppLocale = (typeof LOCALES)[number];

/** The main catalogues plus those of the data management screens and the map screen areas (core, project panel, features, transfers, search), the activity log and its reports. */
export const CATALOGS: Record<AppLocale, Record<string, string>> = {
  en: {
    ...en,
    ...dataEn,
    ...dictionariesEn,
    ...formsEn,
    ...mapCoreEn,
    ...mapProjectsEn,
    ...mapFeaturesEn,
    ...mapTransfersEn,
    ...mapSearchEn,
    ...activityEn,
    ...reportsEn,
    ...attachmentsEn,
    ...featureFormsEn,
    ...oneCallEn,
  },
  es: {
    ...es,
    ...dataEs,
    ...dictionariesEs,
    ...formsEs,
    ...mapCoreEs,
    ...mapProjectsEs,
    ...mapFeaturesEs,
    ...mapTransfersEs,
    ...mapSearchEs,
    ...activityEs,
    ...reportsEs,
    ...attachmentsEs,
    ...featureFormsEs,
    ...oneCallEs,
  },
  zh: {
    ...zh,
    ...dataZh,
    ...dictionariesZh,
    ...formsZh,
    ...mapCoreZh,
    ...mapProjectsZh,
    ...mapFeaturesZh,
    ...mapTransfersZh,
    ...mapSearchZh,
    ...activityZh,
    ...reportsZh,
    ...attachmentsZh,
    ...featureFormsZh,
    ...oneCallZh,
  },
};

/** The interface language follows the browser (spec 1 §1): es, zh (any zh-*), otherwise en. */
export function pickLocale(language: string | undefined): AppLocale {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'es' || base === 'zh' ? base : 'en';
}

export const browserLocale = (): AppLocale =>
  pickLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
