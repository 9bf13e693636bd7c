// The bar of a bulk change, held at the foot of the screen while the page is in "Select" mode:
// how many tickets are chosen, "Select all shown", "Clear", then one change (assignee, priority,
// category, or status with the reason a status change always needs) and "Apply". Afterwards the
// report says what changed and what was refused, and only the refused tickets stay chosen.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@fieldops/shared/enums';
import { ticketStatusQuery } from '@fieldops/shared/helpdesk';
import { TICKET_BULK_MAX } from '@fieldops/shared/limits';
import type { TicketBulkChange } from '@fieldops/shared/ticket-bulk';
import { MemberSelect, type ChosenMember } from '../../../components/member-select.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { useBulkUpdateTicketsMutation, useCachedTicket } from '../api/bulk-update-tickets.ts';
import { BulkResult, type BulkReport } from './bulk-result.tsx';
import { useSelectedCount, useSelectionLimited, type TicketSelection } from './ticket-selection.ts';
import { useTicketOptions } from './use-ticket-options.ts';

const KINDS = ['agent', 'priority', 'category', 'status'] as const;
type Kind = (typeof KINDS)[number];
const NONE = 'none';

export function BulkBar({ selection }: { selection: TicketSelection }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const cachedTicket = useCachedTicket();
  const count = useSelectedCount(selection);
  const limited = useSelectionLimited(selection);
  const options = useTicketOptions(null);
  const mutation = useBulkUpdateTicketsMutation();
  const [kind, setKind] = useState<Kind>('agent');
  const [agent, setAgent] = useState<ChosenMember | null>(null);
  // Taking the assignee away is chosen on purpose, never what an empty picker sends.
  const [unassign, setUnassign] = useState(false);
  const [priority, setPriority] = useState<TicketPriority | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const changeOf = (): TicketBulkChange | null => {
    if (kind === 'agent') {
      if (!agent && !unassign) setInvalid({ field: 'agent', message: t('tickets.bulk.chooseAssignee') });
      return agent || unassign ? { agentId: unassign ? null : (agent?.id ?? null) } : null;
    }
    if (kind === 'category') {
      if (!category) setInvalid({ field: 'category', message: t('tickets.bulk.chooseCategory') });
      return category ? { categoryId: category !== NONE ? Number(category) : null } : null;
    }
    if (kind === 'priority') {
      if (!priority) setInvalid({ field: 'priority', message: t('tickets.bulk.choosePriority') });
      return priority ? { priority } : null;
    }
    if (!status) {
      setInvalid({ field: 'status', message: t('tickets.bulk.chooseStatus') });
      return null;
    }
    const parsed = ticketStatusQuery.safeParse({ reason });
    if (!parsed.success) {
      setInvalid({ field: 'reason', message: translateMessage(parsed.error.issues[0]?.message) });
      return null;
    }
    return { status, reason: parsed.data.reason };
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(null);
    setFailure(null);
    const ids = selection.list();
    const change = changeOf();
    if (!change || ids.length === 0) return;
    mutation.mutate(
      { ticketIds: ids, change },
      {
        onSuccess: (result) => {
          const titles = Object.fromEntries(result.refused.map(({ id }) => [id, cachedTicket(id)?.title]));
          setReport({ ...result, titles });
          selection.keepOnly(result.refused.map(({ id }) => id));
          if (kind === 'status') setReason('');
        },
        onError: (error) => setFailure(errorMessage(error, 'updateTicketFailedLater')),
      },
    );
  };

  const errorOf = (field: string) => (invalid?.field === field ? invalid.message : undefined);
  const combobox = { comboboxProps: { withinPortal: true } } as const;

  return (
    <Stack gap="xs" style={{ position: 'sticky', bottom: 0, zIndex: 20, paddingBottom: 'env(safe-area-inset-bottom)' }}>
      {report ? <BulkResult report={report} onClose={() => setReport(null)} /> : null}
      {failure ? (
        <Text role="alert" c="red" size="sm">
          {failure}
        </Text>
      ) : null}
      <Paper component="form" onSubmit={apply} noValidate withBorder shadow="md" radius="md" p="sm" aria-label={t('tickets.bulk.bar')}>
        <Stack gap="xs">
          <div>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={700} aria-live="polite" data-testid="bulk-count">
                {t('tickets.bulk.selected', { count: formatNumber(count, language) })}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => selection.selectAll(selection.shown())}>
                  {t('tickets.bulk.selectAll')}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => selection.clear()} disabled={count === 0}>
                  {t('tickets.bulk.clear')}
                </Button>
              </Group>
            </Group>
            {/* Always in the page, so that a screen reader hears the notice when it comes; empty,
                it takes no room. Orange text of the theme: 4.5:1 or more in both schemes. */}
            <Text size="sm" c="orange" role="status" mt={limited ? 'xs' : 0} data-testid="bulk-limit">
              {limited ? t('tickets.bulk.limited', { max: formatNumber(TICKET_BULK_MAX, language) }) : null}
            </Text>
          </div>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              {...combobox}
              label={t('tickets.bulk.change')}
              allowDeselect={false}
              value={kind}
              onChange={(value) => {
                setInvalid(null);
                if (value) setKind(value as Kind);
              }}
              data={KINDS.map((value) => ({ value, label: t(`tickets.bulk.kind.${value}`) }))}
              style={{ flex: '1 1 140px' }}
            />
            {kind === 'agent' ? (
              <>
                <MemberSelect
                  {...combobox}
                  label={t('tickets.fields.assignee')}
                  placeholder={t('tickets.bulk.chooseAssignee')}
                  clearable
                  disabled={unassign}
                  value={agent}
                  onChange={setAgent}
                  error={errorOf('agent')}
                  style={{ flex: '2 1 200px' }}
                />
                <Checkbox
                  label={t('tickets.bulk.unassign')}
                  checked={unassign}
                  onChange={(event) => {
                    setInvalid(null);
                    setUnassign(event.currentTarget.checked);
                  }}
                  style={{ flex: '0 0 auto', alignSelf: 'center' }}
                />
              </>
            ) : null}
            {kind === 'priority' ? (
              <Select
                {...combobox}
                label={t('tickets.fields.priority')}
                data={options.priorityOptions}
                value={priority}
                onChange={(value) => setPriority(value as TicketPriority | null)}
                error={errorOf('priority')}
                style={{ flex: '2 1 200px' }}
              />
            ) : null}
            {kind === 'category' ? (
              <Select
                {...combobox}
                label={t('tickets.fields.category')}
                placeholder={t('tickets.bulk.chooseCategory')}
                data={[{ value: NONE, label: t('tickets.bulk.noCategory') }, ...options.categoryOptions]}
                value={category}
                allowDeselect={false}
                onChange={setCategory}
                error={errorOf('category')}
                style={{ flex: '2 1 200px' }}
              />
            ) : null}
            {kind === 'status' ? (
              <Select
                {...combobox}
                label={t('tickets.fields.status')}
                data={TICKET_STATUSES.map((value) => ({ value, label: t(`tickets.status.${value}`) }))}
                value={status}
                onChange={(value) => setStatus(value as TicketStatus | null)}
                error={errorOf('status')}
                style={{ flex: '2 1 200px' }}
              />
            ) : null}
            <Button type="submit" loading={mutation.isPending} disabled={count === 0} style={{ flex: '0 0 auto' }}>
              {t('tickets.bulk.apply')}
            </Button>
          </Group>
          {kind === 'status' ? (
            <Textarea
              label={t('tickets.reason.label')}
              placeholder={t('tickets.reason.placeholder')}
              required
              autosize
              minRows={1}
              maxRows={4}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errorOf('reason')}
            />
          ) : null}
          <Text size="xs" c="dimmed">
            {t('tickets.bulk.keys')}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
