// /reports: the submitted answers, newest first, 20 a page, filtered by dates (business time
// zone), projects, sites, member, task and tag (kept in the address), with a Live view that adds
// new answers at the top as they arrive, each answer's details in a drawer, and exports (Excel,
// CSV, JSON, PDF, image, print) of every filtered answer. The Answers map tab (`?view=map`) shows
// the same filtered answers that carry a position on a map, its chunk fetched when the tab opens.
// The SLA tab (`?view=sla`, for those who manage tickets) shows the helpdesk's SLA report instead.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconClockExclamation, IconList, IconMap2, IconReportAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import type { ActionResult } from '@fieldops/shared/answers';
import { AnswerDetailDrawer } from '../../components/answer-view/answer-detail-drawer.tsx';
import { formatCalendarDate } from '../../components/answer-view/answer-text.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { useBusinessTime } from '../../lib/business-time.ts';
import { formatNumber } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { useLiveFeed } from '../../lib/live-feed/use-live-feed.ts';
import { useAllSitesQuery } from '../../lib/session/api/get-sites.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { usePageParam, useSearchParam } from '../../lib/url-state.ts';
import { useTagActionIds } from './api/get-filter-options.ts';
import { useSubmissionsQuery, useSubmissionsRefresh } from './api/get-submissions.ts';
import { AnswersMapView } from './components/answers-map-view.tsx';
import { ExportMenu, ExportProgress } from './components/export-controls.tsx';
import { ExportLinksModal } from './components/export-links-modal.tsx';
import { LiveSwitch } from './components/live-switch.tsx';
import { PhotoReviewSummary } from './components/photo-review-summary.tsx';
import { SlaReportView } from './components/sla-report-view.tsx';
import { SubmissionFiltersBar } from './components/submission-filters-bar.tsx';
import { SubmissionsTable } from './components/submissions-table.tsx';
import { useExport } from './components/use-export.ts';
import { matchesFilters, useSubmissionFilters } from './submission-filters.ts';
import './reports-print.css';

/** How long an answer that just arrived stays highlighted. */
const FRESH_MS = 20_000;
/** The live list keeps at most this many arrivals above the first page. */
const MAX_LIVE = 200;

export function ReportsPage() {
  const { t } = useTranslation();
  const { managesAnySite } = useAccess();
  const [viewParam, setViewParam] = useSearchParam('view');
  if (viewParam !== 'sla' || !managesAnySite) return <AnswersReport />;
  return (
    <SlaReportView
      tabs={
        <Tabs value="sla" onChange={(value) => setViewParam(value === 'sla' ? 'sla' : value === 'map' ? 'map' : null, false)}>
          <Tabs.List aria-label={t('reports.views.label')}>
            <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
              {t('reports.views.list')}
            </Tabs.Tab>
            <Tabs.Tab value="map" leftSection={<IconMap2 size={16} />}>
              {t('reports.views.map')}
            </Tabs.Tab>
            <Tabs.Tab value="sla" leftSection={<IconClockExclamation size={16} />}>
              {t('reports.views.sla')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      }
    />
  );
}

function AnswersReport() {
  const { t, i18n } = useTranslation();
  const { managesAnySite } = useAccess();
  const language = currentLanguage(i18n);
  const time = useBusinessTime();
  const [filters, setFilters, clearFilters] = useSubmissionFilters();
  const [page, setPage] = usePageParam();
  const [liveParam, setLiveParam] = useSearchParam('live');
  const live = liveParam === '1';
  const [answerParam, setAnswerParam] = useSearchParam('answer');
  const answerId = /^\d+$/.test(answerParam) ? Number(answerParam) : null;
  const [viewParam, setViewParam] = useSearchParam('view');
  const onMap = viewParam === 'map';
  const [known, setKnown] = useState<ActionResult | null>(null);
  const query = useSubmissionsQuery(filters, page);
  const refreshSubmissions = useSubmissionsRefresh();
  const sites = useAllSitesQuery();
  const tagActions = useTagActionIds(filters.tag);
  const viewRef = useRef<HTMLDivElement>(null);

  // ---- live view
  const [arrived, setArrived] = useState<ActionResult[]>([]);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const filtersKey = JSON.stringify(filters);
  useEffect(() => setArrived([]), [filtersKey, live]);
  const matchContext = useMemo(
    () => ({
      timeZone: time.timeZone,
      projectOfSite: (siteId: number) => sites.data?.data.find((site) => site.id === siteId)?.projectId ?? null,
      tagActions,
    }),
    [time.timeZone, sites.data, tagActions],
  );
  const onAnswer = useCallback(
    (answer: ActionResult) => {
      if (!matchesFilters(answer, filters, matchContext)) return;
      setArrived((list) => (list.some((each) => each.id === answer.id) ? list : [answer, ...list].slice(0, MAX_LIVE)));
      setFresh((ids) => new Set(ids).add(answer.id));
      window.setTimeout(() => {
        setFresh((ids) => {
          const next = new Set(ids);
          next.delete(answer.id);
          return next;
        });
      }, FRESH_MS);
    },
    [filters, matchContext],
  );
  const liveState = useLiveFeed(live, onAnswer);
  const setLive = (on: boolean) => {
    setLiveParam(on ? '1' : null, false);
    if (!on) refreshSubmissions();
  };

  const pageAnswers = query.data?.data;
  const answers = useMemo(() => {
    const rows = pageAnswers ?? [];
    if (page !== 0 || arrived.length === 0) return rows;
    const onPage = new Set(rows.map((answer) => answer.id));
    return [...arrived.filter((answer) => !onPage.has(answer.id)), ...rows];
  }, [pageAnswers, arrived, page]);
  const extra = page === 0 ? answers.length - (pageAnswers?.length ?? 0) : 0;
  const total = (query.data?.total ?? 0) + extra;

  // ---- exports
  const rangeText = useMemo(() => {
    const { startDate, endDate } = filters;
    if (!startDate && !endDate) return t('reports.summary.allDates');
    const from = startDate ? formatCalendarDate(startDate, language) : '…';
    const to = endDate ? formatCalendarDate(endDate, language) : '…';
    return t('reports.summary.range', { from, to });
  }, [filters, language, t]);
  const subtitle = useCallback(
    (count: number) => `${rangeText} · ${t('reports.summary.count', { count: formatNumber(count, language) })}`,
    [rangeText, language, t],
  );
  const exporter = useExport(filters, subtitle);
  const [showingLinks, setShowingLinks] = useState(false);

  const open = (answer: ActionResult) => {
    setKnown(answer);
    setAnswerParam(String(answer.id), false);
  };

  const body = (
    <QueryGate
      query={query}
      fallbackKey="fetchAnswersFailed"
      loaderHeight={240}
      isEmpty={() => answers.length === 0}
      empty={
        <EmptyState
          withCard
          icon={<IconReportAnalytics size={28} />}
          title={t('reports.list.emptyTitle')}
          description={live ? t('reports.live.waiting') : t('reports.list.emptyText')}
        />
      }
    >
      {(submissions) => (
        <Stack gap="sm">
          <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
            <SubmissionsTable answers={answers} fresh={fresh} onOpen={open} />
          </Paper>
          <div className="reports-controls">
            <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={submissions.total} onChange={setPage} />
          </div>
        </Stack>
      )}
    </QueryGate>
  );

  return (
    <div className="reports-page" data-printing={exporter.printRows ? 'true' : undefined}>
      <Stack gap="lg" className="reports-screen-only" ref={viewRef}>
        <PageHeader
          title={t('nav.reports')}
          description={t('reports.description')}
          actions={
            <Group gap="md" className="reports-controls" data-no-capture="true">
              <LiveSwitch on={live} state={liveState} onChange={setLive} />
              <ExportMenu
                busy={exporter.state !== null}
                empty={!query.data || total === 0}
                onFile={(format) => void exporter.exportFile(format)}
                onImage={() => void exporter.exportImage(viewRef.current)}
                onPrint={() => void exporter.print()}
                onLinks={() => setShowingLinks(true)}
              />
            </Group>
          }
        />
        <SubmissionFiltersBar filters={filters} onChange={setFilters} onClear={clearFilters} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {rangeText}
            {query.data ? ` · ${t('reports.summary.count', { count: formatNumber(total, language) })}` : ''}
          </Text>
        </Group>
        <PhotoReviewSummary filters={filters} />
        <Tabs value={onMap ? 'map' : 'list'} onChange={(value) => setViewParam(value === 'map' || value === 'sla' ? value : null, false)} keepMounted={false}>
          <Tabs.List aria-label={t('reports.views.label')} mb="md">
            <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
              {t('reports.views.list')}
            </Tabs.Tab>
            <Tabs.Tab value="map" leftSection={<IconMap2 size={16} />}>
              {t('reports.views.map')}
            </Tabs.Tab>
            {managesAnySite ? (
              <Tabs.Tab value="sla" leftSection={<IconClockExclamation size={16} />}>
                {t('reports.views.sla')}
              </Tabs.Tab>
            ) : null}
          </Tabs.List>
          <Tabs.Panel value="list">{body}</Tabs.Panel>
          <Tabs.Panel value="map">{onMap ? <AnswersMapView key={filtersKey} filters={filters} /> : null}</Tabs.Panel>
        </Tabs>
      </Stack>
      {exporter.printRows ? (
        <div className="reports-print-only">
          <Stack gap="xs" mb="md">
            <Title order={1} fz="h3">
              {t('reports.export.documentTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {subtitle(exporter.printRows.length)}
            </Text>
          </Stack>
          <SubmissionsTable answers={exporter.printRows} forPrint />
        </div>
      ) : null}
      <ExportProgress state={exporter.state} onCancel={exporter.cancel} />
      <ExportLinksModal opened={showingLinks} onClose={() => setShowingLinks(false)} />
      <AnswerDetailDrawer answerId={answerId} answer={known} onClose={() => setAnswerParam(null, false)} />
    </div>
  );
}
