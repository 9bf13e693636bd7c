// The reports' SLA view (?view=sla): how tickets kept to their SLA targets over the chosen local
// days, projects and sites. Totals first, then a table per grouping (category, priority, site,
// project: a switch kept in the address), then the newest breaches, each linking to its ticket.
// Exports (Excel, CSV, JSON, PDF, image, print) are built as the answers' are.
import { useRef, useState, type ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SLA_GROUPINGS, type SlaGroup, type SlaGrouping, type SlaReport } from '@fieldops/shared/sla-report';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { formatZonedDateTime, useBusinessTime } from '../../../lib/business-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchParam } from '../../../lib/url-state.ts';
import { useSlaReportQuery } from '../api/get-sla-report.ts';
import { formatShare, formatWorkingTime, slaBreachCategory, slaGroupName } from '../sla-format.ts';
import { useSubmissionFilters } from '../submission-filters.ts';
import { ExportMenu, ExportProgress } from './export-controls.tsx';
import { ExportLinksModal } from './export-links-modal.tsx';
import { SlaFiltersBar } from './sla-filters-bar.tsx';
import { useSlaExport } from './use-sla-export.ts';

const GROUPS = { category: 'byCategory', priority: 'byPriority', site: 'bySite', project: 'byProject' } as const;

export function SlaReportView({ tabs }: { tabs: ReactNode }) {
  const { t } = useTranslation();
  const [filters, setFilters, clearFilters] = useSubmissionFilters();
  const [groupParam, setGroupParam] = useSearchParam('group');
  const grouping: SlaGrouping = SLA_GROUPINGS.find((g) => g === groupParam) ?? 'category';
  const query = useSlaReportQuery(filters);
  const viewRef = useRef<HTMLDivElement>(null);
  const [showingLinks, setShowingLinks] = useState(false);
  const report = query.data;
  const exporter = useSlaExport(report, grouping);
  const empty = !report || report.totals.created + report.totals.resolved === 0;

  return (
    <div className="reports-page">
      <Stack gap="lg" ref={viewRef}>
        <PageHeader
          title={t('nav.reports')}
          description={t('reports.sla.description')}
          actions={
            <Group gap="md" data-no-capture="true">
              <ExportMenu
                busy={exporter.state !== null}
                empty={empty}
                onFile={(format) => void exporter.exportFile(format)}
                onImage={() => void exporter.exportImage(viewRef.current)}
                onPrint={exporter.print}
                onLinks={() => setShowingLinks(true)}
              />
            </Group>
          }
        />
        <SlaFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} />
        {tabs}
        <QueryGate
          query={query}
          fallbackKey="fetchSlaReportFailed"
          loaderHeight={240}
          isEmpty={(data) => data.totals.created + data.totals.resolved === 0}
          empty={<EmptyState withCard icon={<IconClockExclamation size={28} />} title={t('reports.sla.emptyTitle')} description={t('reports.sla.emptyText')} />}
        >
          {(data) => (
            <Stack gap="lg">
              <Text size="sm" c="dimmed" aria-live="polite">
                {exporter.subtitle}
              </Text>
              <Totals report={data} />
              <Stack gap="sm">
                <Group justify="space-between" gap="sm">
                  <Title order={2} fz="h4">
                    {t('reports.sla.byTitle')}
                  </Title>
                  <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
                    <SegmentedControl
                      aria-label={t('reports.sla.groupingLabel')}
                      value={grouping}
                      onChange={(value) => setGroupParam(value === 'category' ? null : value, false)}
                      data={SLA_GROUPINGS.map((g) => ({ value: g, label: t(`reports.sla.groupings.${g}`) }))}
                    />
                  </div>
                </Group>
                <GroupTable groups={data[GROUPS[grouping]]} grouping={grouping} />
              </Stack>
              <Breaches report={data} />
            </Stack>
          )}
        </QueryGate>
      </Stack>
      <ExportProgress state={exporter.state} onCancel={exporter.cancel} />
      <ExportLinksModal opened={showingLinks} onClose={() => setShowingLinks(false)} />
    </div>
  );
}

function Totals({ report }: { report: SlaReport }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const figures = report.totals;
  const items: [string, string][] = [
    ['firstResponseMet', formatShare(figures.firstResponseMetPercent, language)],
    ['resolutionMet', formatShare(figures.resolutionMetPercent, language)],
    ['medianFirstResponse', formatWorkingTime(figures.medianFirstResponseMinutes, language, t)],
    ['medianResolution', formatWorkingTime(figures.medianResolutionMinutes, language, t)],
    ['created', formatNumber(figures.created, language)],
    ['resolved', formatNumber(figures.resolved, language)],
    ['breaches', formatNumber(figures.breaches, language)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" role="list" aria-label={t('reports.sla.totalsLabel')}>
      {items.map(([key, value]) => (
        <Paper key={key} withBorder radius="md" p="sm" role="listitem">
          <Text size="xs" c="dimmed">
            {t(`reports.sla.columns.${key}`)}
          </Text>
          <Text fw={700} fz="lg">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function GroupTable({ groups, grouping }: { groups: SlaGroup[]; grouping: SlaGrouping }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover aria-label={t('reports.sla.tableLabel', { grouping: t(`reports.sla.groupings.${grouping}`) })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`reports.sla.groupings.${grouping}`)}</Table.Th>
              {(['created', 'resolved', 'firstResponseMet', 'resolutionMet', 'medianFirstResponse', 'medianResolution', 'breaches'] as const).map((key) => (
                <Table.Th key={key}>{t(`reports.sla.columns.${key}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Table.Tr key={`${group.id ?? ''}${group.priority ?? ''}`}>
                <Table.Th scope="row" fw={500}>
                  {slaGroupName(group, grouping, language, t)}
                </Table.Th>
                <Table.Td>{formatNumber(group.created, language)}</Table.Td>
                <Table.Td>{formatNumber(group.resolved, language)}</Table.Td>
                <Table.Td>{formatShare(group.firstResponseMetPercent, language)}</Table.Td>
                <Table.Td>{formatShare(group.resolutionMetPercent, language)}</Table.Td>
                <Table.Td>{formatWorkingTime(group.medianFirstResponseMinutes, language, t)}</Table.Td>
                <Table.Td>{formatWorkingTime(group.medianResolutionMinutes, language, t)}</Table.Td>
                <Table.Td>{formatNumber(group.breaches, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Breaches({ report }: { report: SlaReport }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('reports.sla.breachesTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {report.breachesTotal > report.breaches.length
          ? t('reports.sla.breachesSome', { shown: formatNumber(report.breaches.length, language), total: formatNumber(report.breachesTotal, language) })
          : t('reports.sla.breachesAll', { count: report.breachesTotal, total: formatNumber(report.breachesTotal, language) })}
      </Text>
      {report.breaches.length === 0 ? null : (
        <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped aria-label={t('reports.sla.breachesTitle')}>
              <Table.Thead>
                <Table.Tr>
                  {(['ticket', 'category', 'priority', 'target', 'site', 'assignee', 'dueAt', 'metAt', 'late'] as const).map((key) => (
                    <Table.Th key={key}>{t(`reports.sla.breachColumns.${key}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.breaches.map((breach) => (
                  <Table.Tr key={`${breach.ticketId}-${breach.target}`}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.ticket(breach.ticketId)} size="sm">
                        #{breach.ticketId} {breach.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{slaBreachCategory(breach, language) || '—'}</Table.Td>
                    <Table.Td>{t(`reports.sla.priority.${breach.priority}`)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={breach.target === 'RESOLUTION' ? 'red' : 'orange'}>
                        {t(`reports.sla.targets.${breach.target}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{breach.site?.name ?? '—'}</Table.Td>
                    <Table.Td>{breach.assignee ? breach.assignee.fullName || breach.assignee.username : t('reports.sla.unassigned')}</Table.Td>
                    <Table.Td>{breach.dueAt ? formatZonedDateTime(breach.dueAt, time.timeZone, language) : '—'}</Table.Td>
                    <Table.Td>{formatZonedDateTime(breach.metAt, time.timeZone, language)}</Table.Td>
                    <Table.Td>{breach.lateMinutes === null ? '—' : formatWorkingTime(breach.lateMinutes, language, t)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
