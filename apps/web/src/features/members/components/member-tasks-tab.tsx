// The Tasks tab of a member: the tasks they are scheduled for, by project. Each task names its
// sites, the member's plans of it (and how many still bring work), and how their schedules of it
// went over the last 30 days. Laid out as cards and wrapping lines, so it reads on a phone too.
import { Anchor, Badge, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Member } from '@fieldops/shared/account';
import { MEMBER_TASKS_DAYS, type MemberProjectTasks, type MemberTask } from '@fieldops/shared/plans';
import { EmptyState } from '../../../components/empty-state.tsx';
import { rateColor } from '../../../components/performance/kpi-list.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { useMemberTasksQuery } from '../api/get-member-tasks.ts';

function TaskItem({ task, language }: { task: MemberTask; language: Language }) {
  const { t } = useTranslation();
  const name = localizedName({ nameEn: task.taskNameEn, nameAr: task.taskNameAr }, language) || t('members.transfer.untitledPlan');
  const count = (key: string, value: number) => t(`members.tasks.${key}`, { number: formatNumber(value, language) });
  const sites = new Intl.ListFormat(language === 'ar' ? 'ar' : 'en', { type: 'conjunction' }).format(task.sites.map((site) => site.name));
  return (
    <Paper withBorder radius="sm" p="sm" component="li" aria-label={name} style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={paths.task(task.taskId)} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('members.tasks.sites', { names: sites })}
          </Text>
        </Stack>
        {task.completionRate === null ? null : (
          <Badge variant="light" color={rateColor(task.completionRate)} tt="none" style={{ flexShrink: 0 }}>
            {t('members.tasks.completion', { value: formatPercent(task.completionRate, language) })}
          </Badge>
        )}
      </Group>
      <Group gap={6} mt={8} wrap="wrap">
        <Badge variant="default" tt="none">
          {count('plans', task.plans)}
        </Badge>
        <Badge variant="light" color="indigo" tt="none">
          {count('activePlans', task.activePlans)}
        </Badge>
        {task.total === 0 ? (
          <Text size="xs" c="dimmed">
            {t('members.tasks.noSchedules', { days: formatNumber(MEMBER_TASKS_DAYS, language) })}
          </Text>
        ) : (
          <>
            <Badge variant="light" color="teal" tt="none">
              {count('done', task.done)}
            </Badge>
            {task.late > 0 && (
              <Badge variant="light" color="orange" tt="none">
                {count('late', task.late)}
              </Badge>
            )}
            <Badge variant="light" color="red" tt="none">
              {count('missed', task.missed)}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {count('open', task.open)}
            </Badge>
          </>
        )}
      </Group>
    </Paper>
  );
}

function ProjectCard({ project, language }: { project: MemberProjectTasks; language: Language }) {
  const { t } = useTranslation();
  const titleId = `member-tasks-project-${project.projectId}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={paths.project(project.projectId)} inherit>
            {project.projectName}
          </Anchor>
        </Title>
        <Text size="xs" c="dimmed">
          {t('members.tasks.tasksCount', { number: formatNumber(project.tasks.length, language) })}
        </Text>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0}>
        {project.tasks.map((task) => (
          <TaskItem key={task.taskId} task={task} language={language} />
        ))}
      </Stack>
    </Card>
  );
}

export function MemberTasksTab({ member }: { member: Member }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const query = useMemberTasksQuery(member.userId);
  const name = member.fullName || member.username;
  return (
    <QueryGate
      query={query}
      notFound
      fallbackKey="fetchMemberTasksFailed"
      isEmpty={(projects) => projects.length === 0}
      empty={
        <EmptyState withCard icon={<IconListCheck size={28} />} title={t('members.tasks.emptyTitle')} description={t('members.tasks.emptyText', { name })} />
      }
    >
      {(projects) => (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('members.tasks.intro', { name, days: formatNumber(MEMBER_TASKS_DAYS, language) })}
          </Text>
          {projects.map((project) => (
            <ProjectCard key={project.projectId} project={project} language={language} />
          ))}
        </Stack>
      )}
    </QueryGate>
  );
}
