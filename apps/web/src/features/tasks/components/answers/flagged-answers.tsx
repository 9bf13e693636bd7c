// 'Answers needing attention': the task's flagged answers, a page at a time. Managers of the
// answer's site unflag one (it leaves the list at once, and comes back if the server refuses) or
// fire a ticket from it (then the new ticket opens); an answer with a ticket links to it instead.
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFlagOff, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ActionResult } from '@fieldops/shared/answers';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { paths } from '../../../../lib/paths.ts';
import { useAccess } from '../../../../lib/session/use-access.ts';
import { useFireTicketMutation } from '../../api/fire-ticket.ts';
import { useUnflagAnswerMutation } from '../../api/unflag-answer.ts';
import { useAnswerActionName } from './answer-card.tsx';
import { AnswerList, useAnswerListPage } from './answer-list.tsx';

export function FlaggedAnswers({ taskId, onOpen }: { taskId: number; onOpen: (answer: ActionResult) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canManageSite } = useAccess();
  const actionName = useAnswerActionName();
  const [page] = useAnswerListPage('flagged');
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

  return (
    <AnswerList
      kind="flagged"
      taskId={taskId}
      onOpen={onOpen}
      actions={(answer, name) => {
        const manage = canManageSite(answer.teamId);
        return (
          <>
            {manage ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFlagOff size={14} />}
                onClick={() => doUnflag(answer)}
                aria-label={t('tasks.answers.unflagOf', { name })}
              >
                {t('tasks.answers.unflag')}
              </Button>
            ) : null}
            {manage && answer.ticketId === null ? (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconTicket size={14} />}
                onClick={() => setFiring(answer)}
                aria-label={t('tasks.answers.fireTicketOf', { name })}
              >
                {t('tasks.answers.fireTicket')}
              </Button>
            ) : null}
          </>
        );
      }}
    >
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
    </AnswerList>
  );
}
