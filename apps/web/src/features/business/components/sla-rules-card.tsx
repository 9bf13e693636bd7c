// The helpdesk's SLA rules: for a priority, a category, both or any ticket, the working hours
// allowed to the first response and to the resolution, the share of that time at which the
// assignee is warned, and the priority a breached ticket is raised to. Saved as one set; owners
// and administrators change them.
import { useState, type FormEvent } from 'react';
import { ActionIcon, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TICKET_PRIORITIES, type TicketPriority } from '@fieldops/shared/enums';
import { DEFAULT_SLA_WARN_PERCENT, slaPoliciesRequest, type SlaRule } from '@fieldops/shared/sla-policies';
import { useTicketCategoriesQuery } from '../../../lib/helpdesk/get-ticket-categories.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useSlaRulesQuery } from '../api/get-sla-rules.ts';
import { useUpdateSlaRulesMutation } from '../api/update-sla-rules.ts';
import { RulesCard, RulesFooter } from './rules-card.tsx';

interface RuleRow {
  priority: string;
  categoryId: string;
  /** Working hours, as typed. */
  firstResponse: number | string;
  resolution: number | string;
  /** Percent of the time, as typed; empty: no warning. */
  warnPercent: number | string;
  /** A priority, or NONE. */
  raisePriorityTo: string;
}

const ANY = 'any';
const NONE = 'none';
const toRow = (rule: SlaRule): RuleRow => ({
  priority: rule.priority ?? ANY,
  categoryId: rule.categoryId === null ? ANY : String(rule.categoryId),
  firstResponse: rule.firstResponseMinutes === null ? '' : rule.firstResponseMinutes / 60,
  resolution: rule.resolutionMinutes === null ? '' : rule.resolutionMinutes / 60,
  warnPercent: rule.warnPercent ?? '',
  raisePriorityTo: rule.raisePriorityTo ?? NONE,
});
const NEW_ROW: RuleRow = { priority: ANY, categoryId: ANY, firstResponse: '', resolution: '', warnPercent: DEFAULT_SLA_WARN_PERCENT, raisePriorityTo: NONE };
const minutesOf = (hours: number | string) => (hours === '' ? null : Math.round(Number(hours) * 60));

function RulesForm({ saved, readOnly }: { saved: SlaRule[]; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const categories = useTicketCategoriesQuery();
  const save = useUpdateSlaRulesMutation();
  const [rows, setRows] = useState<RuleRow[]>(() => saved.map(toRow));
  const [error, setError] = useState<string | null>(null);
  const setRow = (index: number, change: Partial<RuleRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
    setError(null);
  };

  const priorities = [
    { value: ANY, label: t('business.sla.anyPriority') },
    ...TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`business.sla.priorities.${p}`) })),
  ];
  const raiseOptions = [
    { value: NONE, label: t('business.sla.noRaise') },
    ...TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`business.sla.priorities.${p}`) })),
  ];
  const categoryOptions = [
    { value: ANY, label: t('business.sla.anyCategory') },
    ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: localizedName(c, language) })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      rules: rows.map((row) => ({
        priority: row.priority === ANY ? null : (row.priority as TicketPriority),
        categoryId: row.categoryId === ANY ? null : Number(row.categoryId),
        firstResponseMinutes: minutesOf(row.firstResponse),
        resolutionMinutes: minutesOf(row.resolution),
        warnPercent: row.warnPercent === '' ? null : Number(row.warnPercent),
        raisePriorityTo: row.raisePriorityTo === NONE ? null : (row.raisePriorityTo as TicketPriority),
      })),
    };
    const parsed = slaPoliciesRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(t('business.sla.ruleError', { n: String(Number(issue?.path[1] ?? 0) + 1), error: translateMessage(issue?.message ?? '') }));
      return;
    }
    save.mutate(body, {
      onSuccess: () => notifySuccess(t('business.sla.saved')),
      onError: (e) => notifyError(errorMessage(e, 'saveSlaRulesFailed')),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('business.sla.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('business.sla.priority')}</Table.Th>
                  <Table.Th>{t('business.sla.category')}</Table.Th>
                  <Table.Th>{t('business.sla.firstResponse')}</Table.Th>
                  <Table.Th>{t('business.sla.resolution')}</Table.Th>
                  <Table.Th>{t('business.sla.warnPercent')}</Table.Th>
                  <Table.Th>{t('business.sla.raisePriorityTo')}</Table.Th>
                  {readOnly ? null : <Table.Th w={48} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const n = String(index + 1);
                  return (
                    <Table.Tr key={index}>
                      <Table.Td>
                        <Select
                          aria-label={t('business.sla.priorityOf', { n })}
                          data={priorities}
                          value={row.priority}
                          allowDeselect={false}
                          disabled={readOnly}
                          onChange={(v) => setRow(index, { priority: v ?? ANY })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('business.sla.categoryOf', { n })}
                          data={categoryOptions}
                          value={row.categoryId}
                          allowDeselect={false}
                          disabled={readOnly}
                          onChange={(v) => setRow(index, { categoryId: v ?? ANY })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('business.sla.firstResponseOf', { n })}
                          min={0}
                          step={0.5}
                          decimalScale={2}
                          value={row.firstResponse}
                          disabled={readOnly}
                          onChange={(v) => setRow(index, { firstResponse: v })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('business.sla.resolutionOf', { n })}
                          min={0}
                          step={0.5}
                          decimalScale={2}
                          value={row.resolution}
                          disabled={readOnly}
                          onChange={(v) => setRow(index, { resolution: v })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('business.sla.warnPercentOf', { n })}
                          min={1}
                          max={99}
                          step={5}
                          allowDecimal={false}
                          suffix=" %"
                          value={row.warnPercent}
                          disabled={readOnly}
                          onChange={(v) => setRow(index, { warnPercent: v })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('business.sla.raisePriorityToOf', { n })}
                          data={raiseOptions}
                          value={row.raisePriorityTo}
                          allowDeselect={false}
                          disabled={readOnly}
                          onChange={(v) => setRow(index, { raisePriorityTo: v ?? NONE })}
                        />
                      </Table.Td>
                      {readOnly ? null : (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('business.sla.removeOf', { n })}
                            onClick={() => setRows(rows.filter((_, i) => i !== index))}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {readOnly ? null : (
          <RulesFooter addLabel={t('business.sla.add')} saveLabel={t('business.sla.save')} onAdd={() => setRows([...rows, NEW_ROW])} saving={save.isPending} />
        )}
      </Stack>
    </form>
  );
}

export function SlaRulesCard() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const query = useSlaRulesQuery();
  return (
    <RulesCard title={t('business.sla.title')} description={t('business.sla.description')} query={query} fallbackKey="fetchSlaRulesFailed">
      {(saved) => <RulesForm key={JSON.stringify(saved)} saved={saved} readOnly={!isAdmin} />}
    </RulesCard>
  );
}
