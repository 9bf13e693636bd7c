// Cover requests of the member's sites: a colleague's open request with Accept (the schedule then
// becomes theirs), the member's own with Withdraw, and for a manager of the site an Assign that
// names the colleague who covers. Fetched again on focus and every 30 seconds.
import { useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CoverRequest } from '@fieldops/shared/pool';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCoverRequestsQuery, useCoverSiteMembersQuery, useDecideCoverMutation } from '../api/cover-requests.ts';

export function CoverRequestsPanel() {
  const { t } = useTranslation();
  const query = useCoverRequestsQuery('OPEN');
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" mb="md" component="section" aria-labelledby="cover-requests-title">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="cover-requests-title">
          {t('pool.cover.title')}
        </Title>
        <Badge variant="light" color="orange" aria-label={t('pool.cover.count', { count: items.length })}>
          {items.length}
        </Badge>
      </Group>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((request) => (
          <CoverRequestItem key={request.id} request={request} />
        ))}
      </Stack>
    </Card>
  );
}

function CoverRequestItem({ request }: { request: CoverRequest }) {
  const { t, i18n } = useTranslation();
  const time = useBusinessTime();
  const { account } = useSession();
  const access = useAccess();
  const decide = useDecideCoverMutation();
  const [assignee, setAssignee] = useState<string | null>(null);
  const mine = request.requester.id === account.id;
  const manages = access.canManageSite(request.teamId);
  const members = useCoverSiteMembersQuery(request.teamId, manages);
  const task = localizedName({ nameEn: request.taskNameEn, nameAr: request.taskNameAr }, currentLanguage(i18n)) || t('tracker.untitled');
  const run = (decision: Parameters<typeof decide.mutate>[0], done: string) =>
    decide.mutate(decision, { onSuccess: () => notifySuccess(done), onError: (error) => notifyError(errorMessage(error)) });
  const options = (members.data?.data ?? []).filter((m) => m.userId !== request.requester.id).map((m) => ({ value: String(m.userId), label: m.name }));

  return (
    <Card component="li" withBorder radius="sm" padding="sm">
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {task}
        </Text>
        <Text size="sm" c="dimmed">
          {request.teamName} · {time.dateTime(request.start)}
        </Text>
        <Text size="sm">{mine ? t('pool.cover.yours') : t('pool.cover.asks', { name: request.requester.fullName })}</Text>
        {request.reason ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('pool.cover.reason', { reason: request.reason })}
          </Text>
        ) : null}
        <Group gap="sm" wrap="wrap" align="flex-end">
          {mine ? (
            <Button variant="default" loading={decide.isPending} onClick={() => run({ id: request.id, verb: 'withdraw' }, t('pool.cover.withdrawn'))}>
              {t('pool.cover.withdraw')}
            </Button>
          ) : (
            <Button
              loading={decide.isPending}
              onClick={() => run({ id: request.id, verb: 'accept' }, t('pool.cover.accepted', { task }))}
              aria-label={t('pool.cover.acceptNamed', { name: request.requester.fullName, task })}
            >
              {t('pool.cover.accept')}
            </Button>
          )}
          {manages ? (
            <>
              <Select
                label={t('pool.cover.assignLabel')}
                placeholder={t('pool.cover.assignPlaceholder')}
                data={options}
                value={assignee}
                onChange={setAssignee}
                searchable
                w={{ base: '100%', xs: 240 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                variant="light"
                disabled={assignee === null}
                loading={decide.isPending}
                onClick={() => assignee && run({ id: request.id, verb: 'assign', body: { userId: Number(assignee) } }, t('pool.cover.assigned'))}
              >
                {t('pool.cover.assign')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
