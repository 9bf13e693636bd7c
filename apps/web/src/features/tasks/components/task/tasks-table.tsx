// The tasks of one page: name (in the current language, else the other), tag, number of
// actions, completion rate and (when any task of the page scored) average score over the last 30
// days, geofence, and the item menu.
import { Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '@fieldops/shared/tasks';
import { ItemContextMenu } from '../../../../components/item-context-menu.tsx';
import { ScoreCell, ScoreHeading } from '../../../../components/performance/score-column.tsx';
import { anyScored } from '../../../../components/performance/score-text.ts';
import { ResponsiveTable } from '../../../../components/responsive-table.tsx';
import { NONE, formatNumber, formatPercent } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../../lib/localized.ts';
import { paths } from '../../../../lib/paths.ts';

interface TasksTableProps {
  tasks: Task[];
  /** Present for users who may change tasks. */
  onEdit?: (task: Task) => void;
  onDelete?: (task: Task) => void;
  onDuplicate?: (task: Task) => void;
}

export function GeofenceBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={enabled ? 'teal' : 'gray'} leftSection={enabled ? <IconMapPin size={12} /> : <IconMapPinOff size={12} />}>
      {t(enabled ? 'tasks.geofence.on' : 'tasks.geofence.off')}
    </Badge>
  );
}

export function TasksTable({ tasks, onEdit, onDelete, onDuplicate }: TasksTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const scoring = anyScored(tasks);
  return (
    <ResponsiveTable minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tasks.table.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('tasks.table.tag')}</Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('tasks.table.actions')}
            </Table.Th>
            <Table.Th ta="end" visibleFrom="sm">
              {t('tasks.table.completion')}
            </Table.Th>
            <ScoreHeading shown={scoring} />
            <Table.Th visibleFrom="sm">{t('tasks.table.geofence')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => {
            const name = localizedName(task, language) || t('tasks.untitled');
            const description = localizedDescription(task, language);
            return (
              <Table.Tr key={task.id}>
                <Table.Td style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={paths.task(task.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Anchor>
                  {description ? (
                    <Text size="xs" c="dimmed" lineClamp={1} maw={420}>
                      {description}
                    </Text>
                  ) : null}
                  <Group gap={6} mt={4} hiddenFrom="sm">
                    {task.tag ? (
                      <Badge variant="outline" size="sm">
                        {localizedName(task.tag, language)}
                      </Badge>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {t('tasks.table.actionsLabel', { value: formatNumber(task.actionsCount, language) })}
                    </Text>
                    <GeofenceBadge enabled={task.geoRestrictionEnabled} />
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">{task.tag ? <Badge variant="outline">{localizedName(task.tag, language)}</Badge> : NONE}</Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {formatNumber(task.actionsCount, language)}
                </Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {/* Of its schedules over the last 30 days; a dash when it had none. */}
                  {task.completionRate === null ? NONE : formatPercent(task.completionRate, language)}
                </Table.Td>
                <ScoreCell shown={scoring} value={task.averageScore} />
                <Table.Td visibleFrom="sm">
                  <GeofenceBadge enabled={task.geoRestrictionEnabled} />
                </Table.Td>
                <Table.Td>
                  <ItemContextMenu
                    label={t('tasks.table.menuOf', { name })}
                    href={paths.task(task.id)}
                    onEdit={onEdit ? () => onEdit(task) : undefined}
                    onDuplicate={onDuplicate ? () => onDuplicate(task) : undefined}
                    onDelete={onDelete ? () => onDelete(task) : undefined}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
