// The helpdesk's routing rules: who receives a new ticket that has no assignee. The rules are
// tried in order; the first whose conditions hold and whose target has someone assigns it. Saved
// as one ordered list; owners and administrators change them, everyone else reads them.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { routingRulesRequest, type RoutingRule } from '@fieldops/shared/ticket-routing';
import { groupSites } from '../../../components/site-membership/use-site-options.ts';
import { useTicketCategoriesQuery } from '../../../lib/helpdesk/get-ticket-categories.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAllProjectsQuery } from '../../../lib/session/api/get-all-projects.ts';
import { useBusinessMembersQuery } from '../../../lib/session/api/get-business-members.ts';
import { useAllSitesQuery } from '../../../lib/session/api/get-sites.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useRoutingRulesQuery } from '../api/get-routing-rules.ts';
import { useUpdateRoutingRulesMutation } from '../api/update-routing-rules.ts';
import { RulesCard, RulesFooter } from './rules-card.tsx';
import { emptyRow, missingTarget, RoutingRuleFields, toRequest, toRow, type Options, type RuleRow } from './routing-rule-fields.tsx';

function useOptions(saved: RoutingRule[]): Options {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { business } = useSession();
  const categories = useTicketCategoriesQuery();
  const projects = useAllProjectsQuery();
  const sites = useAllSitesQuery();
  const members = useBusinessMembersQuery(business.id, 0, MAX_PAGE_SIZE);
  return useMemo(() => {
    const listed = (members.data?.data ?? []).map((m) => ({ value: String(m.userId), label: m.fullName || m.username }));
    // A member a saved rule names but the list does not hold still shows, by number.
    const named = saved.flatMap((rule) => [...(rule.userId === null ? [] : [rule.userId]), ...rule.memberIds]);
    const known = new Set(listed.map((m) => m.value));
    const unknown = [...new Set(named.map(String))].filter((id) => !known.has(id)).map((id) => ({ value: id, label: `#${id}` }));
    return {
      categories: (categories.data ?? []).map((c) => ({ value: String(c.id), label: localizedName(c, language) })),
      projects: (projects.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
      sites: groupSites(sites.data?.data ?? []),
      members: [...listed, ...unknown],
    };
  }, [categories.data, projects.data, sites.data, members.data, saved, language]);
}

function RulesForm({ saved, readOnly }: { saved: RoutingRule[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const options = useOptions(saved);
  const save = useUpdateRoutingRulesMutation();
  const nextKey = useRef(saved.length);
  const [rows, setRows] = useState<RuleRow[]>(() => saved.map(toRow));
  const [error, setError] = useState<string | null>(null);
  const edit = (next: RuleRow[]) => {
    setRows(next);
    setError(null);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    if (row) next.splice(index + by, 0, row);
    edit(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ruleError = (index: number, message: string) => setError(t('business.routing.ruleError', { n: String(index + 1), error: translateMessage(message) }));
    const empty = rows.findIndex((row) => missingTarget(row) !== null);
    if (empty >= 0) return ruleError(empty, MSG.required);
    const body = { rules: rows.map(toRequest) };
    const parsed = routingRulesRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return ruleError(Number(issue?.path[1] ?? 0), issue?.message ?? MSG.invalid);
    }
    save.mutate(body, {
      onSuccess: () => notifySuccess(t('business.routing.saved')),
      onError: (e) => notifyError(errorMessage(e, 'saveRoutingRulesFailed')),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('business.routing.empty')}
          </Text>
        ) : (
          rows.map((row, index) => (
            <RoutingRuleFields
              key={row.key}
              row={row}
              index={index}
              count={rows.length}
              options={options}
              readOnly={readOnly}
              onChange={(change) => edit(rows.map((r, i) => (i === index ? { ...r, ...change } : r)))}
              onMove={(by) => move(index, by)}
              onRemove={() => edit(rows.filter((_, i) => i !== index))}
            />
          ))
        )}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {readOnly ? null : (
          <RulesFooter
            addLabel={t('business.routing.add')}
            saveLabel={t('business.routing.save')}
            onAdd={() => edit([...rows, emptyRow(nextKey.current++)])}
            saving={save.isPending}
          />
        )}
      </Stack>
    </form>
  );
}

export function RoutingRulesCard() {
  const { t } = useTranslation();
  const { isAdmin } = useAccess();
  const query = useRoutingRulesQuery();
  return (
    <RulesCard title={t('business.routing.title')} description={t('business.routing.description')} query={query} fallbackKey="fetchRoutingRulesFailed">
      {(saved) => <RulesForm key={JSON.stringify(saved)} saved={saved} readOnly={!isAdmin} />}
    </RulesCard>
  );
}
