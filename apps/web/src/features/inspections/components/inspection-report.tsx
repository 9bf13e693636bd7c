// The body of one inspection's report, the same for the signed-in page and a shared link: the
// cover, then each section with its score (the questions before the first one under "General")
// and each action with its answer as the member gave it.
// An inspection not answered yet has a cover and says so.
import { useId } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InspectionReport as Report } from '@fieldops/shared/inspections';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../lib/localized.ts';
import { ReportCover } from './report-cover.tsx';
import { ReportItemView } from './report-item.tsx';
import { reportGroups, type ReportGroup } from './report-model.ts';

export function InspectionReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { version, answers, score } = report.inspection;
  return (
    <Stack gap="lg">
      <ReportCover report={report} />
      {version === null ? (
        <EmptyState withCard icon={<IconClipboardOff size={28} />} title={t('inspections.notAnswered.title')} description={t('inspections.notAnswered.text')} />
      ) : (
        reportGroups(version.content, answers, score).map((group) => (
          <ReportGroupView key={group.section?.id ?? 'none'} group={group} titled={version.content.sections.length > 0} />
        ))
      )}
    </Stack>
  );
}

/** A section with its heading and score; the questions before the first section are "General" when the task has sections, else untitled. */
function ReportGroupView({ group, titled }: { group: ReportGroup; titled: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const headingId = useId();
  const items = group.items.map((item) => <ReportItemView key={item.action.id} item={item} />);
  if (group.section === null && !titled) return <Stack gap="sm">{items}</Stack>;
  const description = group.section ? localizedDescription(group.section, language) : null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
        <Title order={2} fz="h3" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {group.section ? localizedName(group.section, language) || t('inspections.untitledSection') : t('inspections.general')}
        </Title>
        {group.percent !== null ? (
          <Text fw={600} size="sm">
            {t('inspections.sectionScore', { value: formatPercent(group.percent, language) })}
          </Text>
        ) : null}
      </Group>
      {description ? (
        <Text size="sm" c="dimmed" dir="auto" style={{ whiteSpace: 'pre-line' }}>
          {description}
        </Text>
      ) : null}
      {items}
    </Stack>
  );
}
