// One answer in a side drawer: who answered what, where and when, the answer with its notes,
// and the member's history of answers to the same action, newest first; times in the business's
// time zone. Usage:
//   <AnswerDetailDrawer answerId={id | null} answer={rowFromAList} onClose={() => ...} />
// `answerId` null closes it; `answer` (optional) is shown at once while the latest copy loads.
import { useState } from 'react';
import { Divider, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '@fieldops/shared/answers';
import { useBusinessTime } from '../../lib/business-time.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { localizedName } from '../../lib/localized.ts';
import { EmptyState } from '../empty-state.tsx';
import { ListPagination } from '../list-pagination.tsx';
import { QueryGate } from '../query-gate.tsx';
import { ANSWER_HISTORY_PAGE_SIZE, useAnswerHistoryQuery } from './api/get-answer-history.ts';
import { useAnswerQuery } from './api/get-answer.ts';
import { AnswerByline, AnswerView } from './answer-view.tsx';

interface AnswerDetailDrawerProps {
  answerId: number | null;
  answer?: ActionResult | null;
  onClose: () => void;
}

export function AnswerDetailDrawer({ answerId, answer, onClose }: AnswerDetailDrawerProps) {
  const { t } = useTranslation();
  const query = useAnswerQuery(answerId, answer);
  return (
    <Drawer
      opened={answerId !== null}
      onClose={onClose}
      // Mantine mirrors the side in Arabic: the drawer always comes in from the end of the line.
      position="right"
      size="lg"
      title={t('answerView.detailTitle')}
    >
      <QueryGate query={query} fallbackKey="fetchAnswerFailed" withCard={false} keepDataOnError>
        {(loaded) => <AnswerDetail answer={loaded} />}
      </QueryGate>
    </Drawer>
  );
}

function AnswerDetail({ answer }: { answer: ActionResult }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const actionName = localizedName(answer.action, language) || t('answerView.untitledAction');
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={4} dir="auto">
          {actionName}
        </Title>
        <AnswerByline answer={answer} />
      </Stack>
      <AnswerView answer={answer} withNotes={false} />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('answerView.notesTitle')}
        </Text>
        <Text size="sm" c={answer.notes ? undefined : 'dimmed'} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {answer.notes || t('answerView.noNotes')}
        </Text>
      </Stack>
      <Divider />
      <AnswerHistory answer={answer} />
    </Stack>
  );
}

function AnswerHistory({ answer }: { answer: ActionResult }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  const [page, setPage] = useState(0);
  const query = useAnswerHistoryQuery({ userId: answer.userId, actionId: answer.action.id }, page);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <IconHistory size={18} />
        <Text fw={600}>{t('answerView.historyTitle', { name: answer.userFullName })}</Text>
      </Group>
      <QueryGate
        query={query}
        fallbackKey="fetchAnswerHistoryFailed"
        withCard={false}
        loaderHeight={120}
        isEmpty={(history) => history.data.length === 0}
        empty={<EmptyState icon={<IconHistory size={24} />} title={t('answerView.historyEmpty')} />}
      >
        {(history) => (
          <>
            <Stack gap="xs" component="ol" aria-label={t('answerView.historyTitle', { name: answer.userFullName })} p={0} m={0} style={{ listStyle: 'none' }}>
              {history.data.map((item) => (
                <Paper key={item.id} component="li" withBorder radius="sm" p="sm" bg={item.id === answer.id ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Group justify="space-between" gap="xs" mb={4}>
                    <Text size="xs" c="dimmed">
                      {time.dateTime(item.createdDate)}
                    </Text>
                    {item.id === answer.id ? (
                      <Text size="xs" fw={600} c="blue">
                        {t('answerView.thisAnswer')}
                      </Text>
                    ) : null}
                  </Group>
                  <AnswerView answer={item} />
                </Paper>
              ))}
            </Stack>
            <ListPagination page={page} size={ANSWER_HISTORY_PAGE_SIZE} total={history.total} onChange={setPage} />
          </>
        )}
      </QueryGate>
    </Stack>
  );
}
