// The hours the business works on each weekday, in its time zone, and whose public holidays it
// keeps. A day has one or more periods (a split shift has two) or none (a day off). Owners and
// administrators change them; everyone else sees them.
import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_PERIODS_A_DAY, workingWeek, type WorkingHours } from '@fieldops/shared/business-calendar-api';
import { QueryGate } from '../../../components/query-gate.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useWorkingHoursQuery } from '../api/get-working-hours.ts';
import { useUpdateWorkingHoursMutation } from '../api/update-working-hours.ts';
import { CALENDAR_COUNTRIES, countryName, minutesOfTime, timeOfMinutes, weekdayName } from './calendar-text.ts';

interface PeriodText {
  start: string;
  end: string;
}

const DAYS = [0, 1, 2, 3, 4, 5, 6];
const NO_COUNTRY = 'none';

function HoursForm({ saved, readOnly }: { saved: WorkingHours; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const save = useUpdateWorkingHoursMutation();
  const [country, setCountry] = useState<string>(saved.countryCode ?? NO_COUNTRY);
  const [week, setWeek] = useState<PeriodText[][]>(() =>
    saved.week.map((day) => day.map((p) => ({ start: timeOfMinutes(p.start), end: timeOfMinutes(p.end) }))),
  );
  const [dayErrors, setDayErrors] = useState<Record<number, string>>({});

  const setDay = (day: number, periods: PeriodText[]) => {
    setWeek((current) => current.map((p, i) => (i === day ? periods : p)));
    setDayErrors((current) => ({ ...current, [day]: '' }));
  };
  const setPeriod = (day: number, index: number, change: Partial<PeriodText>) =>
    setDay(
      day,
      (week[day] ?? []).map((p, i) => (i === index ? { ...p, ...change } : p)),
    );

  const countries = [...new Set([...CALENDAR_COUNTRIES, ...(saved.countryCode ? [saved.countryCode] : [])])].map((code) => ({
    value: code,
    label: countryName(code, language),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asMinutes = week.map((day) => day.map((p) => ({ start: minutesOfTime(p.start, false), end: minutesOfTime(p.end, true) })));
    const parsed = workingWeek.safeParse(asMinutes);
    if (!parsed.success) {
      const errors: Record<number, string> = {};
      for (const issue of parsed.error.issues) {
        const day = Number(issue.path[0]);
        if (!errors[day]) errors[day] = translateMessage(issue.message);
      }
      setDayErrors(errors);
      return;
    }
    save.mutate(
      { countryCode: country === NO_COUNTRY ? null : country, week: parsed.data },
      {
        onSuccess: () => notifySuccess(t('business.calendar.hoursSaved')),
        onError: (error) => notifyError(errorMessage(error, 'saveWorkingHoursFailed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('business.calendar.country')}
          description={t('business.calendar.countryHint')}
          data={[{ value: NO_COUNTRY, label: t('business.calendar.noCountry') }, ...countries]}
          value={country}
          onChange={(value) => setCountry(value ?? NO_COUNTRY)}
          allowDeselect={false}
          searchable
          disabled={readOnly}
          maw={360}
        />
        <Stack gap="xs" role="group" aria-label={t('business.calendar.weekLabel')}>
          {DAYS.map((day) => {
            const name = weekdayName(day, language);
            const periods = week[day] ?? [];
            const error = dayErrors[day];
            return (
              <Stack key={day} gap={4} py={6} style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}>
                <Group gap="md" align="flex-end" wrap="wrap">
                  <Switch
                    w={180}
                    label={name}
                    checked={periods.length > 0}
                    disabled={readOnly}
                    onChange={(event) => setDay(day, event.currentTarget.checked ? [{ start: '09:00', end: '17:00' }] : [])}
                  />
                  {periods.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('business.calendar.dayOff')}
                    </Text>
                  ) : (
                    periods.map((period, index) => (
                      <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                        <TextInput
                          type="time"
                          size="sm"
                          label={t('business.calendar.from')}
                          aria-label={t('business.calendar.fromOf', { day: name, n: index + 1 })}
                          value={period.start}
                          disabled={readOnly}
                          onChange={(event) => setPeriod(day, index, { start: event.currentTarget.value })}
                        />
                        <TextInput
                          type="time"
                          size="sm"
                          label={t('business.calendar.to')}
                          aria-label={t('business.calendar.toOf', { day: name, n: index + 1 })}
                          value={period.end}
                          disabled={readOnly}
                          onChange={(event) => setPeriod(day, index, { end: event.currentTarget.value })}
                        />
                        {readOnly ? null : (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            mb={4}
                            aria-label={t('business.calendar.removePeriodOf', { day: name, n: index + 1 })}
                            onClick={() =>
                              setDay(
                                day,
                                periods.filter((_, i) => i !== index),
                              )
                            }
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    ))
                  )}
                  {!readOnly && periods.length > 0 && periods.length < MAX_PERIODS_A_DAY ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      mb={4}
                      leftSection={<IconPlus size={14} />}
                      aria-label={t('business.calendar.addPeriodOf', { day: name })}
                      onClick={() => setDay(day, [...periods, { start: periods.at(-1)?.end ?? '13:00', end: '17:00' }])}
                    >
                      {t('business.calendar.addPeriod')}
                    </Button>
                  ) : null}
                </Group>
                {error ? (
                  <Text size="sm" c="red" role="alert">
                    {t('business.calendar.dayError', { day: name, error })}
                  </Text>
                ) : null}
              </Stack>
            );
          })}
        </Stack>
        {readOnly ? null : (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('business.calendar.saveHours')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function WorkingHoursCard() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const query = useWorkingHoursQuery();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h4">
            {t('business.calendar.hoursTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('business.calendar.hoursDescription', { zone: query.data?.timeZone ?? '' })}
          </Text>
        </Stack>
        {isAdmin ? null : (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {t('business.calendar.readOnly')}
          </Alert>
        )}
        <QueryGate query={query} fallbackKey="fetchCalendarFailed" withCard={false} loaderHeight={240}>
          {/* Keyed by what was saved, so the form shows it after a save. */}
          {(saved) => <HoursForm key={JSON.stringify(saved)} saved={saved} readOnly={!isAdmin} />}
        </QueryGate>
      </Stack>
    </Card>
  );
}
