// What the pages that read data rely on beyond the app's providers: the TanStack Query cache, and
// dates (dayjs and Mantine's date fields) in the current language. Sign-in does without both,
// so they arrive with the pages after it (data-layout.tsx).
import { useEffect, type ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import { currentLanguage } from '../lib/i18n/i18n.ts';

function DatesInLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  // Before the first paint of the pages below, so their first dates are already in the language.
  dayjs.locale(language);
  useEffect(() => {
    dayjs.locale(language);
  }, [language]);
  return <DatesProvider settings={{ locale: language }}>{children}</DatesProvider>;
}

export function DataProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DatesInLanguage>{children}</DatesInLanguage>
    </QueryClientProvider>
  );
}
