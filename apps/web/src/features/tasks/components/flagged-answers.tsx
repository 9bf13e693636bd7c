// 'Answers needing attention': the task's flagged answers, a page at a time. Managers of the
// answer's site unflag one (it leaves the list at once, and comes back if the server refuses) or
// fire a ticket from it (then the new ticket opens); an answer with a ticket links to it instead.
import { useState } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { IconFlagOff, IconFlag, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/schedules';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useFireTicketMutation } from '../api/fire-ticket.ts';
import { useFlaggedAnswersQuery } from '../api/get-flagged-answers.ts';
import { useUnflagAnswerMutation } from '../api/unflag-answer.ts';
import { AnswerCard, useAnswerActionName } from './answer-card.tsx';
import { useNamedPage } from './use-named-page.ts';

export function FlaggedAnswers({ taskId, onOpen }: { taskId: number; onOpen: (answer: ActionResult) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canManageSite } = useAccess();
  const actionName = useAnswerActionName();
  const [page, setPage] = useNamedPage('flaggedPage');
  const query = useFlaggedAnswersQuery(taskId, page);
  const unflag = useUnflagAnswerMutation(taskId, page);
  const fire = useFireTicketMutation();
  const [firing, setFiring] = useState<ActionResult | null>(null);
  const [fireFailure, setFireFailure] = useState<string | null>(null);

  const doUnflag = (answer: ActionResult) =>
    unflag.mutate(answer.id, {
      onSuccess: () => notifySuccess(t('messages.answerUnflagged')),
      onError: (error) => notifyError(errorMessage(error), t('messages.unflagFailed')),
    });

  const closeFire = () => {
    setFiring(null);
    setFireFailure(null);
  };
  const doFire = () => {
    if (!firing) return;
    setFireFailure(null);
    fire.mutate(
      { answerId: firing.id },
      {
        onSuccess: (answer) => {
          notifySuccess(t('messages.ticketFired'));
          closeFire();
          if (answer.ticketId !== null) void navigate(paths.ticket(answer.ticketId));
        },
        onError: (error) => setFireFailure(errorMessage(error, 'createTicketFailed')),
      },
    );
  };

  let body;
  if (query.isPending) {
    body = <LoadingState minHeight={160} />;
  } else if (query.isError) {
    body = <ErrorState withCard error={query.error} fallbackKey="fetchFlaggedAnswersFailed" onRetry={() => void query.refetch()} />;
  } else if (query.data.data.length === 0) {
    body = <EmptyState withCard icon={<IconFlag size={28} />} title={t('tasks.answers.flaggedEmptyTitle')} description={t('tasks.answers.flaggedEmptyText')} />;
  } else {
    body = (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tasks.answers.flaggedTitle')}>
          {query.data.data.map((answer) => {
            const manage = canManageSite(answer.teamId);
            const name = `${answer.userFullName} – ${actionName(answer)}`;
            return (
              <AnswerCard
                key={answer.id}
                answer={answer}
                actions={
                  <>
                    <Button size="xs" variant="subtle" onClick={() => onOpen(answer)} aria-label={t('tasks.answers.detailsOf', { name })}>
                      {t('tasks.answers.details')}
                    </Button>
                    {manage ? (
                      <Button size="xs" variant="default" leftSection={<IconFlagOff size={14} />} onClick={() => doUnflag(answer)} aria-label={t('tasks.answers.unflagOf', { name })}>
                        {t('tasks.answers.unflag')}
                      </Button>
                    ) : null}
                    {manage && answer.ticketId === null ? (
                      <Button size="xs" color="red" variant="light" leftSection={<IconTicket size={14} />} onClick={() => setFiring(answer)} aria-label={t('tasks.answers.fireTicketOf', { name })}>
                        {t('tasks.answers.fireTicket')}
                      </Button>
                    ) : null}
                  </>
                }
              />
            );
          })}
        </Stack>
        <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={query.data.total} onChange={setPage} />
      </>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('tasks.answers.flaggedTitle')}
      </Title>
      {body}
      <ConfirmModal
        opened={firing !== null}
        title={t('tasks.answers.fireTitle')}
        message={t('tasks.answers.fireText', { name: firing ? actionName(firing) : '' })}
        confirmLabel={t('tasks.answers.fireConfirm')}
        onConfirm={doFire}
        onClose={closeFire}
        loading={fire.isPending}
        error={fireFailure}
        danger={false}
      />
    </Stack>
  );
}
