// The Draft tab's rows: tasks without an execution plan, each opening its task page where a
// plan can be made. A table on wider screens, cards on a phone.
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '@fieldops/shared/tasks';
import { ResponsiveTable, useWideScreen } from '../../../components/responsive-table.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';

export function DraftTaskList({ tasks }: { tasks: Task[] }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const wide = useWideScreen();
  const time = useBusinessTime();
  const nameOf = (task: Task) => localizedName(task, language) || t('tracker.untitled');
  const actionsOf = (task: Task) => t('tracker.draft.actions', { value: formatNumber(task.actionsCount, language) });
  const draftBadge = (
    <Badge color="gray" variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {t('tracker.status.draft')}
    </Badge>
  );

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {tasks.map((task) => (
          <li key={task.id}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              component={Link}
              to={paths.task(task.id)}
              style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {nameOf(task)}
                </Text>
                {draftBadge}
              </Group>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {localizedDescription(task, language)}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {actionsOf(task)} · {t('tracker.draft.created', { date: time.date(task.createdDate) })}
              </Text>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <ResponsiveTable minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tracker.table.task')}</Table.Th>
            <Table.Th>{t('tracker.table.actions')}</Table.Th>
            <Table.Th>{t('tracker.table.created')}</Table.Th>
            <Table.Th>{t('tracker.table.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <Table.Tr key={task.id}>
              <Table.Td style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.task(task.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {nameOf(task)}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1} maw={420}>
                  {localizedDescription(task, language)}
                </Text>
              </Table.Td>
              <Table.Td>{actionsOf(task)}</Table.Td>
              <Table.Td>{time.date(task.createdDate)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{draftBadge}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
