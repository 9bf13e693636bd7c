// The kiosks as a table: name and site, state, when the code stops working or the tablet was last
// seen, the last sign-in, and the sign-ins and Revoke buttons.
import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconHistory, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Kiosk } from '@fieldops/shared/kiosks';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { KioskStateBadge } from './kiosk-state-badge.tsx';

interface KiosksTableProps {
  kiosks: Kiosk[];
  onSignIns: (kiosk: Kiosk) => void;
  onRevoke: (kiosk: Kiosk) => void;
}

export function KiosksTable({ kiosks, onSignIns, onRevoke }: KiosksTableProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const when = (value: string | null) => (value ? formatDateTime(value, language) : t('kiosks.never'));
  return (
    <ResponsiveTable minWidth={820}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('kiosks.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('kiosks.columns.state')}</Table.Th>
            <Table.Th scope="col">{t('kiosks.columns.lastSeen')}</Table.Th>
            <Table.Th scope="col">{t('kiosks.columns.lastSignIn')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('kiosks.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kiosks.map((kiosk) => (
            <Table.Tr key={kiosk.id}>
              <Table.Th scope="row" fw={400}>
                <Stack gap={2}>
                  <Text size="sm" fw={600} dir="auto">
                    {kiosk.name}
                  </Text>
                  <Text size="xs" c="dimmed" dir="auto">
                    {kiosk.siteName}
                  </Text>
                </Stack>
              </Table.Th>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <KioskStateBadge state={kiosk.state} />
                  {kiosk.state === 'PENDING' && kiosk.codeExpiresAt ? (
                    <Text size="xs" c="dimmed">
                      {t('kiosks.codeUntil', { when: formatDateTime(kiosk.codeExpiresAt, language) })}
                    </Text>
                  ) : null}
                  {kiosk.revokedAt ? (
                    <Text size="xs" c="dimmed">
                      {t('kiosks.revokedAt', { when: formatDateTime(kiosk.revokedAt, language) })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{when(kiosk.lastSeenAt)}</Text>
              </Table.Td>
              <Table.Td>
                {kiosk.lastSignIn ? (
                  <Stack gap={2}>
                    <Text size="sm" dir="auto">
                      {kiosk.lastSignIn.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(kiosk.lastSignIn.at, language)}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm">{t('kiosks.never')}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconHistory size={14} />}
                    onClick={() => onSignIns(kiosk)}
                    aria-label={t('kiosks.signInsOf', { name: kiosk.name })}
                  >
                    {t('kiosks.signIns')}
                  </Button>
                  {kiosk.state !== 'REVOKED' ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconPlugConnectedX size={14} />}
                      onClick={() => onRevoke(kiosk)}
                      aria-label={t('kiosks.revokeOf', { name: kiosk.name })}
                    >
                      {t('kiosks.revoke')}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
