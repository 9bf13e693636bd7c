// The submissions as a table: time (business time zone), task, action, member, site, the answer
// in words, the score of its inspection (when any listed answer belongs to a scored, finished
// one: it opens that inspection's report) and its marks. A row opens the answer's details;
// answers that just arrived on the live feed are highlighted. On phones the table keeps the time,
// the action and the answer.
import { Anchor, Badge, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconClockExclamation, IconFlag, IconMapPinOff, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActionResult } from '@fieldops/shared/answers';
import { ResponsiveTable, useWideScreen } from '../../../components/responsive-table.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { answerWords } from '../export/export-rows.ts';

interface SubmissionsTableProps {
  answers: readonly ActionResult[];
  fresh?: ReadonlySet<number>;
  onOpen?: (answer: ActionResult) => void;
  /** The print copy: every row, no buttons. */
  forPrint?: boolean;
}

export function SubmissionsTable({ answers, fresh, onOpen, forPrint = false }: SubmissionsTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const wide = useWideScreen() || forPrint;
  const scoring = wide && answers.some((answer) => answer.scheduleScore != null);

  const table = (
    <Table verticalSpacing="sm" highlightOnHover={!forPrint} aria-label={t('reports.tableLabel')} className="reports-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('reports.columns.time')}</Table.Th>
          {wide ? <Table.Th>{t('reports.columns.task')}</Table.Th> : null}
          <Table.Th>{t('reports.columns.action')}</Table.Th>
          {wide ? <Table.Th>{t('reports.columns.member')}</Table.Th> : null}
          {wide ? <Table.Th>{t('reports.columns.site')}</Table.Th> : null}
          <Table.Th>{t('reports.columns.answer')}</Table.Th>
          {scoring ? <Table.Th ta="end">{t('reports.columns.score')}</Table.Th> : null}
          <Table.Th>{t('reports.columns.marks')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {answers.map((answer) => {
          const actionName = localizedName(answer.action, language) || t('answerView.untitledAction');
          const isFresh = fresh?.has(answer.id) ?? false;
          return (
            <Table.Tr
              key={answer.id}
              data-fresh={isFresh || undefined}
              bg={isFresh ? 'var(--mantine-color-yellow-light)' : undefined}
              style={{ transition: 'background-color 600ms ease' }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{time.dateTime(answer.createdDate)}</Text>
                {isFresh ? (
                  <Badge size="xs" color="yellow" variant="filled" mt={4}>
                    {t('reports.live.new')}
                  </Badge>
                ) : null}
              </Table.Td>
              {wide ? (
                <Table.Td>
                  <Text size="sm" dir="auto">
                    {localizedName({ nameEn: answer.taskNameEn, nameAr: answer.taskNameAr }, language)}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td>
                {onOpen && !forPrint ? (
                  <UnstyledButton onClick={() => onOpen(answer)} aria-label={t('reports.openAnswer', { name: `${answer.userFullName} – ${actionName}` })}>
                    <Text size="sm" fw={600} c="blue" dir="auto">
                      {actionName}
                    </Text>
                  </UnstyledButton>
                ) : (
                  <Text size="sm" fw={600} dir="auto">
                    {actionName}
                  </Text>
                )}
                {wide ? null : (
                  // Phones have no room for the task, member and site columns: they go under the action.
                  <Stack gap={0}>
                    <Text size="xs" c="dimmed" dir="auto">
                      {localizedName({ nameEn: answer.taskNameEn, nameAr: answer.taskNameAr }, language)}
                    </Text>
                    <Group gap={4} wrap="wrap">
                      <Text component="bdi" size="xs" c="dimmed">
                        {answer.userFullName}
                      </Text>
                      <Text span size="xs" c="dimmed" aria-hidden>
                        ·
                      </Text>
                      <Text component="bdi" size="xs" c="dimmed">
                        {answer.teamName}
                      </Text>
                    </Group>
                  </Stack>
                )}
              </Table.Td>
              {wide ? (
                <Table.Td>
                  <Text size="sm" dir="auto">
                    {answer.userFullName}
                  </Text>
                </Table.Td>
              ) : null}
              {wide ? (
                <Table.Td>
                  <Text size="sm" dir="auto">
                    {answer.teamName}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td maw={280}>
                <Text size="sm" dir="auto" lineClamp={forPrint ? undefined : 3} style={{ overflowWrap: 'anywhere' }}>
                  {answerWords(answer, language, t)}
                </Text>
              </Table.Td>
              {scoring ? (
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-testid="answer-score">
                  {answer.scheduleScore == null ? null : forPrint ? (
                    <Text size="sm">{formatPercent(answer.scheduleScore, language)}</Text>
                  ) : (
                    <Anchor
                      component={Link}
                      to={paths.scheduleReport(answer.scheduleId)}
                      size="sm"
                      aria-label={t('reports.openInspection', { value: formatPercent(answer.scheduleScore, language) })}
                    >
                      {formatPercent(answer.scheduleScore, language)}
                    </Anchor>
                  )}
                </Table.Td>
              ) : null}
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  {answer.isFlagged ? (
                    <Badge color="red" variant="light" size="sm" leftSection={<IconFlag size={12} />}>
                      {t('answerView.flagged')}
                    </Badge>
                  ) : null}
                  {answer.outside ? (
                    <Badge color="orange" variant="light" size="sm" leftSection={<IconMapPinOff size={12} />}>
                      {t('reports.outsideShort')}
                    </Badge>
                  ) : null}
                  {answer.late && answer.held === null ? (
                    <Badge color="orange" variant="outline" size="sm" leftSection={<IconClockExclamation size={12} />}>
                      {t('reports.lateShort')}
                    </Badge>
                  ) : null}
                  {answer.held !== null ? (
                    <Badge color="gray" variant="light" size="sm" leftSection={<IconClockExclamation size={12} />}>
                      {t(`reports.held.${answer.held}`)}
                    </Badge>
                  ) : null}
                  {answer.ticketId !== null ? (
                    <Badge color="gray" variant="light" size="sm" leftSection={<IconTicket size={12} />}>
                      {`#${formatNumber(answer.ticketId, language)}`}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  return forPrint ? table : <ResponsiveTable minWidth={900}>{table}</ResponsiveTable>;
}
