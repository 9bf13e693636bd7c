// The reports' answers map: the filtered answers that carry a position on a map (its own chunk,
// fetched only when this view opens), with a legend, a count by status, a notice when more
// answers exist than the map holds, and the same answers as a table, the text alternative of the map.
import { Suspense, useMemo, useState } from 'react';
import { Alert, Anchor, Box, Card, Group, Stack, Table, Text, useDirection } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AnswerMapPoint, AnswerMapSite } from '@fieldops/shared/answers-map';
import { countByStatus, roundedMetres, SHAPE_CLIPS, STATUS_LOOKS, STATUS_ORDER } from '../../../components/map/answer-status.ts';
import type { AnswersMapProps } from '../../../components/map/answers-map.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { formatZonedDateTime, useBusinessTime } from '../../../lib/business-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { lazyPart } from '../../../lib/lazy-page.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useAnswersMapQuery, useMapTilesQuery } from '../api/get-answers-map.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

const AnswersMapPart = lazyPart<AnswersMapProps>(async () => (await import('../../../components/map/answers-map.tsx')).AnswersMap);
const TABLE_PAGE = 50;

/** A status's shape and symbol as the map draws it, for the legend and the table. */
function StatusMark({ status }: { status: AnswerMapPoint['status'] }) {
  const look = STATUS_LOOKS[status];
  return (
    <Box
      component="span"
      aria-hidden
      w={18}
      h={18}
      fz={11}
      fw={700}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        background: look.colour,
        color: look.ink,
        clipPath: SHAPE_CLIPS[look.shape],
      }}
    >
      {look.symbol}
    </Box>
  );
}

export function AnswersMapView({ filters }: { filters: SubmissionFilters }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { dir } = useDirection();
  const time = useBusinessTime();
  const query = useAnswersMapQuery(filters, true);
  const tiles = useMapTilesQuery(true);
  const [params] = useSearchParams();
  const [page, setPage] = useState(0);

  const texts = useMemo(() => {
    const sites = new Map<number, AnswerMapSite>((query.data?.sites ?? []).map((site) => [site.id, site]));
    const answerHref = (id: number) => {
      const next = new URLSearchParams(params);
      next.set('answer', String(id));
      return `?${next.toString()}`;
    };
    return {
      site: (answer: AnswerMapPoint) => sites.get(answer.teamId)?.name ?? '',
      task: (answer: AnswerMapPoint) => localizedName({ nameEn: answer.taskNameEn, nameAr: answer.taskNameAr }, language),
      status: (answer: AnswerMapPoint) => t(`reports.map.status.${answer.status}`),
      captured: (answer: AnswerMapPoint) => formatZonedDateTime(answer.capturedAt, time.timeZone, language),
      distance: (answer: AnswerMapPoint) => {
        const fromPin =
          answer.distance === null
            ? t('reports.map.noDistance')
            : t('reports.map.metres', { distance: formatNumber(roundedMetres(answer.distance), language) });
        if (!answer.fromGeofence) return fromPin;
        return `${fromPin} · ${t('reports.map.beyond', { distance: formatNumber(roundedMetres(answer.fromGeofence), language) })}`;
      },
      answerHref,
    };
  }, [query.data, params, language, t, time.timeZone]);

  const popup = (answer: AnswerMapPoint) => (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        <StatusMark status={answer.status} />
        <Text fw={700} size="sm">
          {texts.status(answer)}
        </Text>
      </Group>
      <Text size="sm">{t('reports.map.popup.member', { name: answer.userFullName })}</Text>
      <Text size="sm">{t('reports.map.popup.task', { name: texts.task(answer) })}</Text>
      <Text size="sm">{t('reports.map.popup.site', { name: texts.site(answer) })}</Text>
      <Text size="sm">{t('reports.map.popup.captured', { time: texts.captured(answer) })}</Text>
      <Text size="sm">{t('reports.map.popup.distance', { distance: texts.distance(answer) })}</Text>
      <Anchor component={Link} to={texts.answerHref(answer.id)} size="sm">
        {t('reports.map.openAnswer')}
      </Anchor>
    </Stack>
  );

  return (
    <QueryGate
      query={query}
      fallbackKey="fetchAnswersFailed"
      loaderHeight={240}
      isEmpty={(data) => data.answers.length === 0}
      empty={<EmptyState withCard icon={<IconMapPin size={28} />} title={t('reports.map.emptyTitle')} description={t('reports.map.emptyText')} />}
    >
      {(data) => {
        const counts = countByStatus(data.answers);
        const rows = data.answers.slice(page * TABLE_PAGE, (page + 1) * TABLE_PAGE);
        return (
          <Stack gap="sm">
            <Group gap="md" wrap="wrap" role="list" aria-label={t('reports.map.summary')} data-testid="answers-map-summary">
              {STATUS_ORDER.filter((status) => status !== 'NOT_CHECKED' || counts.NOT_CHECKED > 0).map((status) => (
                <Group key={status} gap={6} wrap="nowrap" role="listitem">
                  <StatusMark status={status} />
                  <Text size="sm">{t('reports.map.count', { status: t(`reports.map.status.${status}`), count: formatNumber(counts[status], language) })}</Text>
                </Group>
              ))}
            </Group>
            {data.total > data.answers.length ? (
              <Alert color="yellow" variant="light" data-testid="answers-map-capped">
                {t('reports.map.capped', { shown: formatNumber(data.answers.length, language), total: formatNumber(data.total, language) })}
              </Alert>
            ) : null}
            <Card withBorder radius="md" padding={0} h="min(65vh, 560px)" data-testid="answers-map">
              <Suspense
                fallback={
                  <Text size="sm" c="dimmed" p="md">
                    {t('maps.loading')}
                  </Text>
                }
              >
                <AnswersMapPart.Component
                  answers={data.answers}
                  sites={data.sites}
                  tiles={tiles.data ?? { tileUrl: '', attribution: '' }}
                  dir={dir}
                  labels={{
                    map: t('reports.map.label'),
                    zoomIn: t('maps.zoomIn'),
                    zoomOut: t('maps.zoomOut'),
                    cluster: (count) => t('reports.map.cluster', { count: formatNumber(count, language) }),
                    answer: (answer) => t('reports.map.marker', { status: texts.status(answer), name: answer.userFullName, task: texts.task(answer) }),
                  }}
                  popup={popup}
                />
              </Suspense>
            </Card>
            <Card withBorder radius="md" padding={0}>
              <ResponsiveTable minWidth={760}>
                <Table verticalSpacing="xs" aria-label={t('reports.map.tableLabel')} data-testid="answers-map-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('reports.map.columns.status')}</Table.Th>
                      <Table.Th>{t('reports.columns.member')}</Table.Th>
                      <Table.Th>{t('reports.columns.task')}</Table.Th>
                      <Table.Th>{t('reports.columns.site')}</Table.Th>
                      <Table.Th>{t('reports.map.columns.captured')}</Table.Th>
                      <Table.Th>{t('reports.map.columns.distance')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((answer) => (
                      <Table.Tr key={answer.id} data-status={answer.status}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <StatusMark status={answer.status} />
                            <Anchor component={Link} to={texts.answerHref(answer.id)} size="sm">
                              {texts.status(answer)}
                            </Anchor>
                          </Group>
                        </Table.Td>
                        <Table.Td>{answer.userFullName}</Table.Td>
                        <Table.Td>{texts.task(answer)}</Table.Td>
                        <Table.Td>{texts.site(answer)}</Table.Td>
                        <Table.Td>{texts.captured(answer)}</Table.Td>
                        <Table.Td>{texts.distance(answer)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ResponsiveTable>
            </Card>
            <ListPagination page={page} size={TABLE_PAGE} total={data.answers.length} onChange={setPage} />
          </Stack>
        );
      }}
    </QueryGate>
  );
}
