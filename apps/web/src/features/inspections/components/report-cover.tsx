// The report's cover: the business (logo, name, a band in its colour), the task, where, who and
// when (in the business's time zone), and the result: the score, passed or failed against the
// task's pass mark, and the items that failed, by name.
import { useId } from 'react';
import { Avatar, Badge, Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHourglass, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isFinished } from '@fieldops/shared/enums';
import type { InspectionReport } from '@fieldops/shared/inspections';
import { formatZonedDateTime, formatZonedWindow } from '../../../lib/business-time.ts';
import { formatPercent } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import type { Language } from '../../../lib/i18n/language.ts';
import { initialOf, localizedName } from '../../../lib/localized.ts';
import { brandColour, readableOnWhite } from './business-colour.ts';

/** The task's name as the inspection was given it: the version's, else the schedule's. */
export function reportTaskName(report: InspectionReport, language: Language): string {
  const { version, schedule } = report.inspection;
  return localizedName(version?.content ?? { nameEn: schedule.taskNameEn, nameAr: schedule.taskNameAr }, language);
}

function latestAnswerTime(report: InspectionReport): string | null {
  const times = report.inspection.answers.map((answer) => answer.capturedAt).sort((a, b) => Date.parse(a) - Date.parse(b));
  return times.at(-1) ?? null;
}

export function ReportCover({ report }: { report: InspectionReport }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { business, inspection } = report;
  const { schedule } = inspection;
  const position = report.position?.trim() ?? '';
  const answeredAt = latestAnswerTime(report);
  const colour = brandColour(business.colour);
  const facts: [string, string][] = [
    [t('inspections.cover.site'), schedule.teamName],
    [t('inspections.cover.project'), schedule.projectName],
    [t('inspections.cover.member'), schedule.userFullName],
    ...(position ? [[t('inspections.cover.position'), position] satisfies [string, string]] : []),
    [t('inspections.cover.date'), formatZonedWindow(schedule.start, schedule.end, business.timeZone, language)],
    ...(answeredAt ? [[t('inspections.cover.answeredAt'), formatZonedDateTime(answeredAt, business.timeZone, language)] satisfies [string, string]] : []),
  ];

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      {/* The brand's colour as a band, with no text on it. */}
      <Box h={8} bg={colour ?? 'var(--mantine-color-gray-3)'} aria-hidden data-testid="brand-band" />
      <Stack gap="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="sm" wrap="nowrap">
          {business.logo ? (
            <img src={business.logo} alt={t('business.logoAlt', { name: business.name })} style={{ blockSize: 48, maxInlineSize: 160, objectFit: 'contain' }} />
          ) : (
            <Avatar color={colour ?? 'indigo'} autoContrast variant="filled" radius="md" size={48} aria-hidden>
              {initialOf(business.name)}
            </Avatar>
          )}
          <Text fw={700} fz="lg" c={readableOnWhite(business.colour)} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {business.name}
          </Text>
        </Group>
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={600}>
            {t('inspections.title')}
          </Text>
          <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
            {reportTaskName(report, language) || t('inspections.untitledTask')}
          </Title>
        </Stack>
        <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 'var(--mantine-spacing-md)', rowGap: 6 }}>
          {facts.map(([label, value]) => (
            <Fact key={label} label={label} value={value} />
          ))}
        </Box>
        <ReportResult report={report} />
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} m={0} style={{ overflowWrap: 'anywhere' }}>
        <bdi>{value}</bdi>
      </Text>
    </>
  );
}

function ReportResult({ report }: { report: InspectionReport }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { score, version, schedule } = report.inspection;
  const percent = score?.percent ?? null;
  // Scored so far but not finished: neither passed nor failed yet.
  const unfinished = percent !== null && !isFinished(schedule.status);
  const passMark = version?.content.passMark ?? null;
  const names = new Map((version?.content.actions ?? []).map((action) => [action.id, localizedName(action, language) || t('inspections.untitledAction')]));
  const headingId = useId();
  const failed = (score?.failed ?? []).flatMap((id) => {
    const name = names.get(id);
    return name ? [{ id, name }] : [];
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId}>
        {t('inspections.result.title')}
      </Title>
      <Group gap="md" align="center">
        {percent !== null ? (
          <Text fz={32} fw={800} lh={1} data-testid="inspection-score">
            {formatPercent(percent, language)}
          </Text>
        ) : null}
        {unfinished ? (
          <Badge size="lg" color="gray" variant="light" leftSection={<IconHourglass size={14} />}>
            {t('inspections.result.unfinished')}
          </Badge>
        ) : (
          <ResultBadge passed={percent === null ? undefined : (score?.passed ?? null)} />
        )}
      </Group>
      {unfinished ? (
        <Text size="sm" c="dimmed">
          {t('inspections.result.soFar')}
        </Text>
      ) : null}
      {passMark !== null ? (
        <Text size="sm" c="dimmed">
          {t('inspections.result.passMark', { value: formatPercent(passMark, language) })}
        </Text>
      ) : null}
      {failed.length > 0 ? (
        <Stack gap={4}>
          <Title order={3} fz="sm">
            {t('inspections.result.failedItems')}
          </Title>
          <List size="sm" spacing={2} aria-label={t('inspections.result.failedItems')}>
            {failed.map((item) => (
              <List.Item key={item.id}>
                <bdi>{item.name}</bdi>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Passed, failed, no pass mark (null), or nothing scored (undefined). */
function ResultBadge({ passed }: { passed: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (passed === undefined)
    return (
      <Badge size="lg" color="gray" variant="light" leftSection={<IconMinus size={14} />}>
        {t('inspections.result.notScored')}
      </Badge>
    );
  if (passed === null)
    return (
      <Text size="sm" c="dimmed">
        {t('inspections.result.noPassMark')}
      </Text>
    );
  return passed ? (
    <Badge size="lg" color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
      {t('inspections.result.passed')}
    </Badge>
  ) : (
    <Badge size="lg" color="red" variant="light" leftSection={<IconCircleX size={14} />}>
      {t('inspections.result.failed')}
    </Badge>
  );
}
