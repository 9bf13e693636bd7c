// The links made to share one report, newest first: live, expired or revoked, who made each and
// when, and until when it works. Only a live link can be revoked.
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InspectionShare } from '@fieldops/shared/inspections';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { useInspectionSharesQuery } from '../api/get-inspection-shares.ts';

export interface ShareToRevoke {
  id: number;
}

type ShareState = 'live' | 'expired' | 'revoked';

const stateOf = (share: InspectionShare, now: number): ShareState =>
  share.revokedAt !== null ? 'revoked' : Date.parse(share.expiresAt) > now ? 'live' : 'expired';

const STATE_COLOURS: Record<ShareState, string> = { live: 'teal', expired: 'gray', revoked: 'red' };

export function ShareList({ scheduleId, onRevoke }: { scheduleId: number; onRevoke: (share: ShareToRevoke) => void }) {
  const { t } = useTranslation();
  const time = useBusinessTime();
  const shares = useInspectionSharesQuery(scheduleId);

  if (shares.isPending) return <LoadingState minHeight={80} />;
  if (shares.isError) return <ErrorState error={shares.error} onRetry={() => void shares.refetch()} />;
  if (shares.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('inspections.share.empty')}
      </Text>
    );

  const now = Date.now();
  const newestFirst = [...shares.data].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('inspections.share.listTitle')}>
      {newestFirst.map((share) => {
        const state = stateOf(share, now);
        const created = time.dateTime(share.createdAt);
        return (
          <Paper key={share.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" align="center" gap="sm" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Badge color={STATE_COLOURS[state]} variant="light">
                    {t(`inspections.share.state.${state}`)}
                  </Badge>
                  <Text size="sm">{t('inspections.share.createdAt', { time: created })}</Text>
                </Group>
                {share.creatorName ? (
                  <Text size="xs" c="dimmed">
                    {t('inspections.share.creator', { name: share.creatorName })}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {state === 'revoked' && share.revokedAt
                    ? t('inspections.share.revokedAt', { time: time.dateTime(share.revokedAt) })
                    : t(state === 'live' ? 'inspections.share.expiresAt' : 'inspections.share.expiredAt', { time: time.dateTime(share.expiresAt) })}
                </Text>
              </Stack>
              {state === 'live' ? (
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  leftSection={<IconLinkOff size={14} />}
                  onClick={() => onRevoke({ id: share.id })}
                  aria-label={t('inspections.share.revokeOne', { time: created })}
                >
                  {t('inspections.share.revoke')}
                </Button>
              ) : null}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
