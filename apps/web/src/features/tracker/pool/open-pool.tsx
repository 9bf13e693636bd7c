// "Open for your site": the pooled schedules nobody has taken yet that the member may take, each
// with a Take button, and for a manager those of the sites they manage, marked as not taken yet.
// A schedule a colleague took first goes with a clear message; the list is fetched again on focus
// and every 30 seconds (get-open-pool.ts), so taken ones disappear.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconHandGrab } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OpenSchedule } from '@fieldops/shared/pool';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useOpenPoolQuery } from '../api/get-open-pool.ts';
import { useTakeScheduleMutation } from '../api/take-schedule.ts';

export function OpenPool() {
  const { t, i18n } = useTranslation();
  const time = useBusinessTime();
  const navigate = useNavigate();
  const query = useOpenPoolQuery();
  const take = useTakeScheduleMutation();
  const items = query.data ?? [];
  if (items.length === 0) return null;
  const name = (s: OpenSchedule) => localizedName({ nameEn: s.taskNameEn, nameAr: s.taskNameAr }, currentLanguage(i18n)) || t('tracker.untitled');

  const onTake = (schedule: OpenSchedule) =>
    take.mutate(schedule.id, {
      onSuccess: () => {
        notifySuccess(t('pool.taken', { task: name(schedule) }));
        void navigate(paths.schedule(schedule.id));
      },
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <Card withBorder radius="md" padding="md" mb="md" component="section" aria-labelledby="open-pool-title">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="open-pool-title">
          {t('pool.title')}
        </Title>
        <Badge variant="light" aria-label={t('pool.count', { count: items.length })}>
          {items.length}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {items.some((s) => s.canTake) ? t('pool.description') : t('pool.managerDescription')}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((schedule) => (
          <Card key={schedule.id} component="li" withBorder radius="sm" padding="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {name(schedule)}
                </Text>
                <Text size="sm" c="dimmed">
                  {schedule.teamName} · {time.window(schedule.start, schedule.end)}
                </Text>
              </div>
              {schedule.canTake ? (
                <Button
                  leftSection={<IconHandGrab size={16} aria-hidden />}
                  onClick={() => onTake(schedule)}
                  loading={take.isPending && take.variables === schedule.id}
                  disabled={take.isPending && take.variables !== schedule.id}
                  aria-label={t('pool.takeNamed', { task: name(schedule) })}
                >
                  {t('pool.take')}
                </Button>
              ) : (
                <Badge variant="outline" color="gray">
                  {t('pool.notTaken')}
                </Badge>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
