// One page of a task's answers under a heading, each with its Details button and whatever else
// the list offers, paged in the address under the list's own name: the flagged and the recent
// answers of the Answers tab.
import type { ReactNode } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { IconFlag, IconMessage2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/answers';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { ListPagination } from '../../../../components/list-pagination.tsx';
import { QueryGate } from '../../../../components/query-gate.tsx';
import { useFlaggedAnswersQuery } from '../../api/get-flagged-answers.ts';
import { useLatestAnswersQuery } from '../../api/get-latest-answers.ts';
import { AnswerCard, useAnswerActionName } from './answer-card.tsx';
import { useNamedPage } from '../use-named-page.ts';

/** What each list reads; its texts are tasks.answers.<kind>Title, <kind>EmptyTitle and <kind>EmptyText. */
const LISTS = {
  flagged: { useAnswers: useFlaggedAnswersQuery, fallbackKey: 'fetchFlaggedAnswersFailed', Icon: IconFlag },
  recent: { useAnswers: useLatestAnswersQuery, fallbackKey: 'fetchAnswersFailed', Icon: IconMessage2 },
};

export type AnswerListKind = keyof typeof LISTS;

/** The list's page, kept 1-based in the address under its own name (?flaggedPage=2). */
export const useAnswerListPage = (kind: AnswerListKind) => useNamedPage(`${kind}Page`);

interface AnswerListProps {
  kind: AnswerListKind;
  taskId: number;
  onOpen: (answer: ActionResult) => void;
  /** The buttons after Details, given the answer and the name that labels them. */
  actions?: (answer: ActionResult, name: string) => ReactNode;
  /** Drawn after the list (a dialog its buttons open). */
  children?: ReactNode;
}

export function AnswerList({ kind, taskId, onOpen, actions, children }: AnswerListProps) {
  const { t } = useTranslation();
  const actionName = useAnswerActionName();
  const { useAnswers, fallbackKey, Icon } = LISTS[kind];
  const [page, setPage] = useAnswerListPage(kind);
  const query = useAnswers(taskId, page);
  const title = t(`tasks.answers.${kind}Title`);
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {title}
      </Title>
      <QueryGate
        query={query}
        fallbackKey={fallbackKey}
        loaderHeight={160}
        isEmpty={(answers) => answers.data.length === 0}
        empty={<EmptyState withCard icon={<Icon size={28} />} title={t(`tasks.answers.${kind}EmptyTitle`)} description={t(`tasks.answers.${kind}EmptyText`)} />}
      >
        {(answers) => (
          <>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
              {answers.data.map((answer) => {
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
                        {actions?.(answer, name)}
                      </>
                    }
                  />
                );
              })}
            </Stack>
            <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={answers.total} onChange={setPage} />
          </>
        )}
      </QueryGate>
      {children}
    </Stack>
  );
}
