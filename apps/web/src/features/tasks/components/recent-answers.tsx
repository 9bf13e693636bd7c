// 'Recent submitted actions': the task's latest answers, a page at a time, each opening the
// answer detail drawer (notes and the member's history of answers to that action).
import { Button, Stack, Title } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/schedules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useLatestAnswersQuery } from '../api/get-latest-answers.ts';
import { AnswerCard, useAnswerActionName } from './answer-card.tsx';
import { useNamedPage } from './use-named-page.ts';

export function RecentAnswers({ taskId, onOpen }: { taskId: number; onOpen: (answer: ActionResult) => void }) {
  const { t } = useTranslation();
  const actionName = useAnswerActionName();
  const [page, setPage] = useNamedPage('recentPage');
  const query = useLatestAnswersQuery(taskId, page);

  let body;
  if (query.isPending) {
    body = <LoadingState minHeight={160} />;
  } else if (query.isError) {
    body = <ErrorState withCard error={query.error} fallbackKey="fetchAnswersFailed" onRetry={() => void query.refetch()} />;
  } else if (query.data.data.length === 0) {
    body = <EmptyState withCard icon={<IconMessage2 size={28} />} title={t('tasks.answers.recentEmptyTitle')} description={t('tasks.answers.recentEmptyText')} />;
  } else {
    body = (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tasks.answers.recentTitle')}>
          {query.data.data.map((answer) => (
            <AnswerCard
              key={answer.id}
              answer={answer}
              actions={
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => onOpen(answer)}
                  aria-label={t('tasks.answers.detailsOf', { name: `${answer.userFullName} – ${actionName(answer)}` })}
                >
                  {t('tasks.answers.details')}
                </Button>
              }
            />
          ))}
        </Stack>
        <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={query.data.total} onChange={setPage} />
      </>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('tasks.answers.recentTitle')}
      </Title>
      {body}
    </Stack>
  );
}
