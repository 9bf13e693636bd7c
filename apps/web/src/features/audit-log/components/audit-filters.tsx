// The audit log's filters: the area of the change, who made it, the dates (in the business's time
// zone) and a name to search for. Each change reads the log anew.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIT_AREAS } from '@fieldops/shared/audit-log';
import { MemberSelect, type ChosenMember } from '../../../components/member-select.tsx';

export interface FilterValues {
  area: string | null;
  actor: ChosenMember | null;
  from: string;
  to: string;
  search: string;
}

export const NO_FILTERS: FilterValues = { area: null, actor: null, from: '', to: '', search: '' };

export function AuditFiltersBar({ value, onChange }: { value: FilterValues; onChange: (next: FilterValues) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<FilterValues>) => onChange({ ...value, ...patch });
  const filtered = value.area !== null || value.actor !== null || value.from !== '' || value.to !== '' || value.search !== '';
  return (
    <Group component="fieldset" align="flex-end" gap="sm" wrap="wrap" style={{ border: 0, padding: 0, margin: 0 }} aria-label={t('auditLog.filters.label')}>
      <Select
        label={t('auditLog.filters.area')}
        placeholder={t('auditLog.filters.allAreas')}
        data={AUDIT_AREAS.map((area) => ({ value: area, label: t(`auditLog.areas.${area}`) }))}
        value={value.area}
        onChange={(area) => set({ area })}
        clearable
        w={200}
      />
      <MemberSelect
        label={t('auditLog.filters.actor')}
        placeholder={t('auditLog.filters.anyone')}
        value={value.actor}
        onChange={(actor) => set({ actor })}
        clearable
        w={220}
      />
      <TextInput type="date" label={t('auditLog.filters.from')} value={value.from} onChange={(event) => set({ from: event.currentTarget.value })} w={160} />
      <TextInput
        type="date"
        label={t('auditLog.filters.to')}
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => set({ to: event.currentTarget.value })}
        w={160}
      />
      <TextInput
        type="search"
        label={t('auditLog.filters.search')}
        placeholder={t('auditLog.filters.searchPlaceholder')}
        value={value.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
        w={220}
      />
      {filtered ? (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          {t('auditLog.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
