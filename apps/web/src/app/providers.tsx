import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { createQueryClient } from './query-client';
import { directionOf, resolveLanguage } from '../lib/language';

/** Spec §8-9: toasts top right, 5 s, 300 px wide (index.css), light theme. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={5000}
        theme="light"
        rtl={directionOf(resolveLanguage(i18n.language)) === 'rtl'}
        newestOnTop
      />
    </QueryClientProvider>
  );
}
