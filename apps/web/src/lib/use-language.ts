import { useParams } from 'react-router';
import { resolveLanguage, type Language } from './language';

/** The current language, from the first path segment. */
export function useLanguage(): Language {
  const { lng } = useParams();
  return resolveLanguage(lng);
}
