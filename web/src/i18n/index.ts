import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PRODUCT_NAME } from '@pinhive/contracts';
import en from './en.json';

export const defaultNS = 'translation';
export const resources = { en: { translation: en } } as const;

/** `{{product}}` in any string is the product name from the contracts package. */
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  initAsync: false,
  interpolation: { escapeValue: false, defaultVariables: { product: PRODUCT_NAME } },
  returnNull: false,
  showSupportNotice: false,
});

export default i18n;
