import { redirect, type LoaderFunctionArgs } from 'react-router';
import { setLanguage } from '../i18n';
import { applyDocumentLanguage, fallbackLanguage, isLanguage, withLanguage } from '../lib/language';

/**
 * Loader of `/:lng`: an unsupported language redirects to the same path in English;
 * a supported one has its messages loaded, becomes the UI language and sets `<html lang dir>`.
 * Already loaded messages (main.tsx loads the first page's) make this resolve without a fetch.
 */
export async function languageLoader({ params, request }: LoaderFunctionArgs) {
  const { lng } = params;
  if (!isLanguage(lng)) {
    const url = new URL(request.url);
    throw redirect(withLanguage(`${url.pathname}${url.search}${url.hash}`, fallbackLanguage));
  }
  await setLanguage(lng);
  applyDocumentLanguage(lng);
  return null;
}
