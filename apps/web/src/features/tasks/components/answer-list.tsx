// One page of a task's answers under a heading, each with its Details button and whatever else
// the list offers, and the pages below: the flagged and the recent answers of the Answers tab.
import type { ReactNode } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/schedules';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate, type GatedQuery } from '../../../components/query-gate.tsx';
import type { ListResult } from '../../../lib/api-client.ts';
import { AnswerCard, useAnswerActionName } from './answer-card.tsx';

interface AnswerListProps {
  title: string;
  query: GatedQuery<ListResult<ActionResult>>;
  fallbackKey: string;
  empty: ReactNode;
  page: number;
  onPage: (page: number) => void;
  onOpen: (answer: ActionResult) => void;
  /** The buttons after Details, given the answer and the name that labels them. */
  actions?: (answer: ActionResult, name: string) => ReactNode;
  /** Drawn after the list (a dialog its buttons open). */
  children?: ReactNode;
}

export function AnswerList({ title, query, fallbackKey, empty, page, onPage, onOpen, actions, children }: AnswerListProps) {
  const { t } = useTranslation();
  const actionName = useAnswerActionName();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {title}
      </Title>
      <QueryGate query={query} fallbackKey={fallbackKey} loaderHeight={160} isEmpty={(answers) => answers.data.length === 0} empty={empty}>
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
            <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={answers.total} onChange={onPage} />
          </>
        )}
      </QueryGate>
      {children}
    </Stack>
  );
}
