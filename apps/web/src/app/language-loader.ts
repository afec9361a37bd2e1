import { redirect, type LoaderFunctionArgs } from 'react-router';
import i18n from '../i18n';
import { applyDocumentLanguage, fallbackLanguage, isLanguage, withLanguage } from '../lib/language';

/**
 * Loader of `/:lng`: an unsupported language redirects to the same path in English;
 * a supported one becomes the UI language and sets `<html lang dir>`.
 */
export function languageLoader({ params, request }: LoaderFunctionArgs) {
  const { lng } = params;
  if (!isLanguage(lng)) {
    const url = new URL(request.url);
    throw redirect(withLanguage(`${url.pathname}${url.search}${url.hash}`, fallbackLanguage));
  }
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
  applyDocumentLanguage(lng);
  return null;
}
