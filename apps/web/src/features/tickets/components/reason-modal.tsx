// Asks why a ticket changes status ('Provide Reason'); the change is made only with a reason
// (spec §4, §5). The form arrives with the dialog's first opening (see reason-form.tsx).
import { lazy, Suspense } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import type { ReasonMove } from './reason-form.tsx';

const ReasonForm = lazy(async () => ({ default: (await import('./reason-form.tsx')).ReasonForm }));

interface ReasonModalProps {
  /** The move waiting for its reason; null when the dialog is closed. */
  move: ReasonMove | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

export function ReasonModal({ move, onConfirm, onClose }: ReasonModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={move !== null} onClose={onClose} title={t('tickets.reason.title')} centered>
      {move ? (
        // A form that fails to arrive says so in the dialog, not over the page.
        <ErrorBoundary fullScreen={false}>
          <Suspense fallback={<LoadingState minHeight={200} />}>
            <ReasonForm move={move} onConfirm={onConfirm} onClose={onClose} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </Modal>
  );
}
