// One entry of the audit log: when, the sentence, and on request what changed (before and after)
// with the address and client it came from.
import { useState } from 'react';
import { Badge, Button, Collapse, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@fieldops/shared/audit-log';
import { useBusinessTime } from '../../../lib/business-time.ts';
import { changesOf, describeEntry } from './describe-entry.ts';

export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const time = useBusinessTime();
  const [open, setOpen] = useState(false);
  const sentence = describeEntry(t, (key) => i18n.exists(key), entry);
  const changes = changesOf(entry);
  const detailsId = `audit-entry-${entry.id}`;
  const area = entry.kind.split('.')[0] ?? entry.kind;

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="audit-entry">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {sentence}
          </Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
              {time.dateTime(entry.at)}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {t(`auditLog.areas.${area}`, { defaultValue: area })}
            </Badge>
          </Group>
        </Stack>
        <Button
          variant="default"
          size="compact-sm"
          // Its label whole beside a long sentence on a phone: the sentence wraps instead.
          style={{ flexShrink: 0 }}
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={t('auditLog.detailsOf', { sentence })}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? t('auditLog.hideDetails') : t('auditLog.showDetails')}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <Stack id={detailsId} gap="xs" mt="sm">
          {changes.length > 0 ? (
            <Table.ScrollContainer minWidth={320}>
              <Table withTableBorder striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('auditLog.field')}</Table.Th>
                    <Table.Th scope="col">{t('auditLog.before')}</Table.Th>
                    <Table.Th scope="col">{t('auditLog.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.map((change) => (
                    <Table.Tr key={change.field}>
                      <Table.Th scope="row" fw={500}>
                        {change.field}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.before || '—'}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.after || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              {t('auditLog.noChanges')}
            </Text>
          )}
          <Text size="sm">
            <Text span fw={500}>
              {t('auditLog.kindLabel')}:
            </Text>{' '}
            <bdi>{entry.kind}</bdi>
          </Text>
          <Text size="sm">
            <Text span fw={500}>
              {t('auditLog.address')}:
            </Text>{' '}
            <bdi>{entry.ip ?? t('auditLog.unknownAddress')}</bdi>
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={500}>
              {t('auditLog.client')}:
            </Text>{' '}
            <bdi>{entry.client ?? t('auditLog.unknownAddress')}</bdi>
          </Text>
        </Stack>
      </Collapse>
    </Paper>
  );
}
