// Everything every screen relies on, sign-in included: Mantine (theme, direction, notifications)
// and i18next, with the document direction kept in step with the language. The data cache and
// dates come with the pages that need them (data-providers.tsx).
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  DirectionProvider,
  MantineProvider,
  mergeThemeOverrides,
  useDirection,
  type DrawerProps,
  type ModalProps,
  type NotificationProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../lib/i18n/i18n.ts';
import { applyDocumentLanguage, directionOf } from '../lib/i18n/language.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const Notifications = lazy(async () => ({ default: (await import('./notifications.tsx')).Notifications }));

/**
 * The toasts' component (and its styles) is fetched with the first toast, not with the first
 * screen: until then a toast waits in the store, which is all that loads up front.
 */
function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (notifications.length > 0 || queue.length > 0)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  ) : null;
}

function LanguageSync({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const { setDirection } = useDirection();
  const language = currentLanguage(instance);

  useEffect(() => {
    applyDocumentLanguage(language);
    setDirection(directionOf(language));
  }, [language, setDirection]);

  return children;
}

interface ProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

/** How a picked date reads in a date field. */
export const DATE_INPUT_FORMAT = 'D MMMM YYYY';

/** The theme with the texts Mantine shows itself (a dialog's close button) in the current language. */
function LocalizedMantine({ children, env }: { children: ReactNode; env: 'default' | 'test' }) {
  const { t } = useTranslation();
  // t changes with the language, and so does the theme's text.
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        // A plain override (not Modal.extend), so the first screen does not load the dialog's code.
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } satisfies Partial<ModalProps> },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } satisfies Partial<DrawerProps> },
          // The close button of every toast is named too.
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } satisfies Partial<NotificationProps> },
          // Day, month, year in that order in both languages: "23 نوفمبر 2026", not "نوفمبر 23, 2026".
          // Its calendar's arrows and headings are named in the current language.
          DatePickerInput: {
            defaultProps: {
              valueFormat: DATE_INPUT_FORMAT,
              ariaLabels: {
                previousMonth: t('calendar.previousMonth'),
                nextMonth: t('calendar.nextMonth'),
                previousYear: t('calendar.previousYear'),
                nextYear: t('calendar.nextYear'),
                previousDecade: t('calendar.previousDecade'),
                nextDecade: t('calendar.nextDecade'),
                monthLevelControl: t('calendar.monthLevelControl'),
                yearLevelControl: t('calendar.yearLevelControl'),
              },
            } satisfies Partial<DatePickerInputProps>,
          },
          // What people type takes the direction of its own first letters: Latin text with "<" in
          // an Arabic screen is not reordered, Arabic text in an English one reads right to left.
          TextInput: { defaultProps: { attributes: { input: { dir: 'auto' } } } satisfies Partial<TextInputProps> },
          Textarea: { defaultProps: { attributes: { input: { dir: 'auto' } } } satisfies Partial<TextareaProps> },
        },
      }),
    [t],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}

export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
        <LocalizedMantine env={env}>
          <ToastsWhenNeeded />
          <LanguageSync>{children}</LanguageSync>
        </LocalizedMantine>
      </DirectionProvider>
    </I18nextProvider>
  );
}
