// One routing rule in the editor: its conditions (each "any" or a value), its strategy and its
// target, in a fieldset named for its place in the order, with the buttons that move or remove it.
import { ActionIcon, Fieldset, Group, MultiSelect, Select, SimpleGrid, type ComboboxData } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ROUTING_STRATEGIES, TICKET_PRIORITIES, TICKET_SOURCES, type RoutingStrategy } from '@fieldops/shared/enums';
import type { RoutingRule, RoutingRuleRequest } from '@fieldops/shared/ticket-routing';

export const ANY = 'any';
/** Where a round robin or a fewest-open rule finds its people. */
export const TARGETS = ['TICKET_SITE', 'SITE', 'PROJECT', 'MEMBERS'] as const;
export type Target = (typeof TARGETS)[number];

export interface RuleRow {
  /** Stable across reordering, for React. */
  key: number;
  source: string;
  categoryId: string;
  projectId: string;
  teamId: string;
  priority: string;
  strategy: RoutingStrategy;
  userId: string | null;
  target: Target;
  targetTeamId: string | null;
  targetProjectId: string | null;
  memberIds: string[];
}

const text = (id: number | null) => (id === null ? ANY : String(id));
const idOf = (value: string | null) => (value === null || value === ANY || value === '' ? null : Number(value));

function targetOf(rule: RoutingRule): Target {
  if (rule.targetProjectId !== null) return 'PROJECT';
  if (rule.memberIds.length > 0) return 'MEMBERS';
  return rule.targetTeamId !== null ? 'SITE' : 'TICKET_SITE';
}

export const toRow = (rule: RoutingRule, key: number): RuleRow => ({
  key,
  source: rule.source ?? ANY,
  categoryId: text(rule.categoryId),
  projectId: text(rule.projectId),
  teamId: text(rule.teamId),
  priority: rule.priority ?? ANY,
  strategy: rule.strategy,
  userId: rule.userId === null ? null : String(rule.userId),
  target: targetOf(rule),
  targetTeamId: rule.targetTeamId === null ? null : String(rule.targetTeamId),
  targetProjectId: rule.targetProjectId === null ? null : String(rule.targetProjectId),
  memberIds: rule.memberIds.map(String),
});

export const emptyRow = (key: number): RuleRow => ({
  key,
  source: ANY,
  categoryId: ANY,
  projectId: ANY,
  teamId: ANY,
  priority: ANY,
  strategy: 'ROUND_ROBIN',
  userId: null,
  target: 'TICKET_SITE',
  targetTeamId: null,
  targetProjectId: null,
  memberIds: [],
});

/** The request for the row: only the target its strategy reads. */
export function toRequest(row: RuleRow): RoutingRuleRequest {
  const target = row.strategy === 'MEMBER' ? null : row.target;
  return {
    source: row.source === ANY ? null : (row.source as RoutingRuleRequest['source']),
    categoryId: idOf(row.categoryId),
    projectId: idOf(row.projectId),
    teamId: idOf(row.teamId),
    priority: row.priority === ANY ? null : (row.priority as RoutingRuleRequest['priority']),
    strategy: row.strategy,
    userId: row.strategy === 'MEMBER' ? idOf(row.userId) : null,
    targetTeamId: target === 'SITE' ? idOf(row.targetTeamId) : null,
    targetProjectId: target === 'PROJECT' ? idOf(row.targetProjectId) : null,
    memberIds: target === 'MEMBERS' ? row.memberIds.map(Number) : [],
  };
}

/** The field of a row that is chosen in its target picker but left empty; null when none is. */
export function missingTarget(row: RuleRow): keyof RuleRow | null {
  if (row.strategy === 'MEMBER') return row.userId ? null : 'userId';
  if (row.target === 'SITE') return row.targetTeamId ? null : 'targetTeamId';
  if (row.target === 'PROJECT') return row.targetProjectId ? null : 'targetProjectId';
  if (row.target === 'MEMBERS') return row.memberIds.length > 0 ? null : 'memberIds';
  return null;
}

export interface Options {
  categories: ComboboxData;
  projects: ComboboxData;
  sites: ComboboxData;
  members: ComboboxData;
}

interface Props {
  row: RuleRow;
  index: number;
  count: number;
  options: Options;
  readOnly: boolean;
  onChange: (change: Partial<RuleRow>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function RoutingRuleFields({ row, index, count, options, readOnly, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation();
  const n = String(index + 1);
  const any = (label: string, data: ComboboxData): ComboboxData => [{ value: ANY, label }, ...(data as never[])];
  const common = { allowDeselect: false, disabled: readOnly, searchable: true, comboboxProps: { withinPortal: true } } as const;
  const targets = row.strategy === 'ROUND_ROBIN' ? (['TICKET_SITE', 'SITE'] as const) : TARGETS;

  return (
    <Fieldset legend={t('business.routing.ruleN', { n })} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Select
          {...common}
          label={t('business.routing.source')}
          data={[
            { value: ANY, label: t('business.routing.anySource') },
            ...TICKET_SOURCES.map((s) => ({ value: s, label: t(`business.routing.sources.${s}`) })),
          ]}
          value={row.source}
          onChange={(v) => onChange({ source: v ?? ANY })}
        />
        <Select
          {...common}
          label={t('business.routing.category')}
          data={any(t('business.routing.anyCategory'), options.categories)}
          value={row.categoryId}
          onChange={(v) => onChange({ categoryId: v ?? ANY })}
        />
        <Select
          {...common}
          label={t('business.routing.project')}
          data={any(t('business.routing.anyProject'), options.projects)}
          value={row.projectId}
          onChange={(v) => onChange({ projectId: v ?? ANY })}
        />
        <Select
          {...common}
          label={t('business.routing.site')}
          data={any(t('business.routing.anySite'), options.sites)}
          value={row.teamId}
          onChange={(v) => onChange({ teamId: v ?? ANY })}
        />
        <Select
          {...common}
          label={t('business.routing.priority')}
          data={[
            { value: ANY, label: t('business.sla.anyPriority') },
            ...TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`business.sla.priorities.${p}`) })),
          ]}
          value={row.priority}
          onChange={(v) => onChange({ priority: v ?? ANY })}
        />
        <Select
          {...common}
          searchable={false}
          label={t('business.routing.strategy')}
          data={ROUTING_STRATEGIES.map((s) => ({ value: s, label: t(`business.routing.strategies.${s}`) }))}
          value={row.strategy}
          onChange={(v) => {
            const strategy = (v ?? 'ROUND_ROBIN') as RoutingStrategy;
            onChange({ strategy, ...(strategy === 'ROUND_ROBIN' && row.target !== 'SITE' ? { target: 'TICKET_SITE' } : {}) });
          }}
        />
        {row.strategy === 'MEMBER' ? (
          <Select
            {...common}
            required
            label={t('business.routing.member')}
            data={options.members}
            value={row.userId}
            onChange={(v) => onChange({ userId: v })}
          />
        ) : (
          <Select
            {...common}
            searchable={false}
            label={t('business.routing.target')}
            data={targets.map((target) => ({ value: target, label: t(`business.routing.targets.${target}`) }))}
            value={row.target}
            onChange={(v) => onChange({ target: (v ?? 'TICKET_SITE') as Target })}
          />
        )}
        {row.strategy !== 'MEMBER' && row.target === 'SITE' ? (
          <Select
            {...common}
            required
            label={t('business.routing.targetSite')}
            data={options.sites}
            value={row.targetTeamId}
            onChange={(v) => onChange({ targetTeamId: v })}
          />
        ) : null}
        {row.strategy === 'FEWEST_OPEN' && row.target === 'PROJECT' ? (
          <Select
            {...common}
            required
            label={t('business.routing.targetProject')}
            data={options.projects}
            value={row.targetProjectId}
            onChange={(v) => onChange({ targetProjectId: v })}
          />
        ) : null}
        {row.strategy === 'FEWEST_OPEN' && row.target === 'MEMBERS' ? (
          <MultiSelect
            required
            searchable
            disabled={readOnly}
            label={t('business.routing.members')}
            data={options.members}
            value={row.memberIds}
            onChange={(memberIds) => onChange({ memberIds })}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
      </SimpleGrid>
      {readOnly ? null : (
        <Group justify="flex-end" gap="xs" mt="sm">
          <ActionIcon variant="default" size="lg" aria-label={t('business.routing.moveUp', { n })} disabled={index === 0} onClick={() => onMove(-1)}>
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={t('business.routing.moveDown', { n })} disabled={index === count - 1} onClick={() => onMove(1)}>
            <IconArrowDown size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('business.routing.remove', { n })} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      )}
    </Fieldset>
  );
}
