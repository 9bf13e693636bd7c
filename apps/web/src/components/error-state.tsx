// A failed load inside a page: 'Sorry! Something went wrong', the mapped, translated message, and
// 'Try Again' where trying again can help (not after a definite refusal such as a 403 or 404).
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canRetry, loadErrorMessage } from '../lib/i18n/translate-message.ts';
import { EmptyState } from './empty-state.tsx';

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** A key of the "messages" section used when the server gave no text of its own. */
  fallbackKey?: string;
  withCard?: boolean;
}

export function ErrorState({ error, onRetry, fallbackKey, withCard }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <EmptyState
        withCard={withCard}
        icon={<IconAlertTriangle size={28} />}
        title={t('messages.somethingWentWrong')}
        description={loadErrorMessage(error, fallbackKey)}
        action={
          onRetry && canRetry(error) ? (
            <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
              {t('actions.tryAgain')}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
