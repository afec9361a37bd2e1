import '@testing-library/jest-dom/vitest';
import { loadLanguage } from '../i18n';
import { languages } from '../lib/language';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// The app fetches one language's messages on demand; tests switch languages freely, so both are in first.
await Promise.all(languages.flatMap((lng) => [loadLanguage(lng), loadLanguage(lng, 'dashboard'), loadLanguage(lng, 'screens')]));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
