// Everything the screens rely on: Mantine (theme, direction, notifications, dates), TanStack
// Query and i18next, with the document direction kept in step with the language.
import { useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import { currentLanguage, i18n } from '../lib/i18n/i18n.ts';
import { applyDocumentLanguage, directionOf } from '../lib/i18n/language.ts';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

function LanguageSync({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const { setDirection } = useDirection();
  const language = currentLanguage(instance);

  useEffect(() => {
    applyDocumentLanguage(language);
    setDirection(directionOf(language));
    dayjs.locale(language);
  }, [language, setDirection]);

  return <DatesProvider settings={{ locale: language }}>{children}</DatesProvider>;
}

interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

export function Providers({ children, queryClient = defaultQueryClient, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
        <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
          <Notifications position="top-center" />
          <QueryClientProvider client={queryClient}>
            <LanguageSync>{children}</LanguageSync>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
