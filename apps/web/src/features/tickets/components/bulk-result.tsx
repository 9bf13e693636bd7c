// What a bulk change did: how many tickets changed, and each refused one with why (a forbidden
// move, a ticket no longer there). A status message when all changed, an alert when some did not.
import { Alert, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketBulkResult } from '@fieldops/shared/ticket-bulk';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';

export interface BulkReport extends TicketBulkResult {
  /** The refused tickets' titles, where the page had them. */
  titles: Record<number, string | undefined>;
}

export function BulkResult({ report, onClose }: { report: BulkReport; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const refused = report.refused.length > 0;
  return (
    <Alert
      role={refused ? 'alert' : 'status'}
      color={refused ? 'orange' : 'teal'}
      icon={refused ? <IconAlertTriangle size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />}
      data-testid="bulk-result"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t('tickets.bulk.applied', { count: formatNumber(report.applied.length, language) })}
            {refused ? ` · ${t('tickets.bulk.refused', { count: formatNumber(report.refused.length, language) })}` : ''}
          </Text>
          {refused ? (
            <List size="sm" spacing={2}>
              {report.refused.map(({ id, message }) => (
                <List.Item key={id} style={{ overflowWrap: 'anywhere' }}>
                  <span dir="ltr">#{id}</span> {report.titles[id] ?? ''}: {translateMessage(message)}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
        <CloseButton size="sm" onClick={onClose} aria-label={t('tickets.bulk.dismiss')} />
      </Group>
    </Alert>
  );
}
