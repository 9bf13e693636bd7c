// 'Recent submitted actions': the task's latest answers, a page at a time, each opening the
// answer detail drawer (notes and the member's history of answers to that action).
import { IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '@fieldops/shared/schedules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useLatestAnswersQuery } from '../api/get-latest-answers.ts';
import { AnswerList } from './answer-list.tsx';
import { useNamedPage } from './use-named-page.ts';

export function RecentAnswers({ taskId, onOpen }: { taskId: number; onOpen: (answer: ActionResult) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useNamedPage('recentPage');
  const query = useLatestAnswersQuery(taskId, page);
  return (
    <AnswerList
      title={t('tasks.answers.recentTitle')}
      query={query}
      fallbackKey="fetchAnswersFailed"
      empty={<EmptyState withCard icon={<IconMessage2 size={28} />} title={t('tasks.answers.recentEmptyTitle')} description={t('tasks.answers.recentEmptyText')} />}
      page={page}
      onPage={setPage}
      onOpen={onOpen}
    />
  );
}
