// The year's holidays: the public ones of the business's country, each of which an administrator
// may stop keeping, and the business's own days, which they add and remove.
import { useState } from 'react';
import { ActionIcon, Badge, Card, Group, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconBeach, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Holiday } from '@fieldops/shared/business-calendar-api';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useDeleteHolidayMutation } from '../api/delete-holiday.ts';
import { useHolidaysQuery } from '../api/get-holidays.ts';
import { useSetPublicHolidayMutation } from '../api/set-public-holiday.ts';
import { holidayDate } from './calendar-text.ts';
import { OwnHolidayForm } from './own-holiday-form.tsx';

function HolidayRow({ holiday, isAdmin }: { holiday: Holiday; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const setPublic = useSetPublicHolidayMutation();
  const remove = useDeleteHolidayMutation();
  const name = localizedName(holiday, language);
  const date = holidayDate(holiday.date, language);

  const keep = (observed: boolean) =>
    setPublic.mutate(
      { date: holiday.date, observed },
      {
        onSuccess: () => notifySuccess(t(observed ? 'business.calendar.kept' : 'business.calendar.notKept', { name })),
        onError: (error) => notifyError(errorMessage(error, 'saveHolidayFailed')),
      },
    );
  const drop = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => notifySuccess(t('business.calendar.removed', { name })),
      onError: (error) => notifyError(errorMessage(error, 'saveHolidayFailed')),
    });

  return (
    <Table.Tr>
      <Table.Td>{date}</Table.Td>
      <Table.Td>
        <Text size="sm" td={holiday.observed ? undefined : 'line-through'} c={holiday.observed ? undefined : 'dimmed'}>
          {name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={holiday.source === 'PUBLIC' ? 'blue' : 'grape'}>
          {t(`business.calendar.source.${holiday.source}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {holiday.source === 'PUBLIC' ? (
          <Switch
            checked={holiday.observed}
            disabled={!isAdmin || setPublic.isPending}
            label={t(holiday.observed ? 'business.calendar.observed' : 'business.calendar.notObserved')}
            aria-label={t('business.calendar.keepOf', { name, date })}
            onChange={(event) => keep(event.currentTarget.checked)}
          />
        ) : isAdmin && holiday.id !== null ? (
          <ActionIcon
            variant="subtle"
            color="red"
            loading={remove.isPending}
            aria-label={t('business.calendar.removeOf', { name, date })}
            onClick={() => drop(holiday.id as number)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        ) : (
          <Text size="sm">{t('business.calendar.observed')}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function HolidaysCard() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const query = useHolidaysQuery(year);
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map(String);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {t('business.calendar.holidaysTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('business.calendar.holidaysDescription')}
            </Text>
          </Stack>
          <Select
            label={t('business.calendar.year')}
            data={years}
            value={String(year)}
            onChange={(v) => v && setYear(Number(v))}
            allowDeselect={false}
            w={120}
          />
        </Group>
        {isAdmin ? <OwnHolidayForm onAdded={(date) => setYear(Number(date.slice(0, 4)))} /> : null}
        <QueryGate
          query={query}
          fallbackKey="fetchCalendarFailed"
          withCard={false}
          loaderHeight={200}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState icon={<IconBeach size={28} />} title={t('business.calendar.emptyTitle', { year })} description={t('business.calendar.emptyText')} />
          }
        >
          {(list) => (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={t('business.calendar.holidaysOf', { year })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('business.calendar.date')}</Table.Th>
                    <Table.Th>{t('business.calendar.name')}</Table.Th>
                    <Table.Th>{t('business.calendar.sourceHeading')}</Table.Th>
                    <Table.Th>{t('business.calendar.keptHeading')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((holiday) => (
                    <HolidayRow key={`${holiday.source}-${holiday.date}-${holiday.id ?? ''}`} holiday={holiday} isAdmin={isAdmin} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryGate>
      </Stack>
    </Card>
  );
}
