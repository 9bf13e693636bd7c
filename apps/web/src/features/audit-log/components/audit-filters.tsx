// The audit log's filters: the area of the change, who made it, the dates (in the business's time
// zone) and a name to search for. Each change reads the log anew. The dates are picked in the
// app's date fields, in the page's language, each cleared on its own; neither goes past today, and
// the range cannot end before it starts.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_AREAS } from '@fieldops/shared/audit-log';
import { MemberSelect, type ChosenMember } from '../../../components/member-select.tsx';
import { useBusinessTime } from '../../../lib/business-time.ts';

export interface FilterValues {
  area: string | null;
  actor: ChosenMember | null;
  /** "YYYY-MM-DD", or '' for no bound. */
  from: string;
  to: string;
  search: string;
}

export const NO_FILTERS: FilterValues = { area: null, actor: null, from: '', to: '', search: '' };

export function AuditFiltersBar({ value, onChange }: { value: FilterValues; onChange: (next: FilterValues) => void }) {
  const { t } = useTranslation();
  const today = useBusinessTime().today();
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
      <DatePickerInput
        label={t('auditLog.filters.from')}
        placeholder={t('auditLog.filters.anyDate')}
        leftSection={<IconCalendar size={16} />}
        clearable
        clearButtonProps={{ 'aria-label': t('auditLog.filters.clearFrom') }}
        value={value.from || null}
        maxDate={value.to || today}
        onChange={(from) => set({ from: from ?? '' })}
        popoverProps={{ withinPortal: true }}
        w={200}
      />
      <DatePickerInput
        label={t('auditLog.filters.to')}
        placeholder={t('auditLog.filters.anyDate')}
        leftSection={<IconCalendar size={16} />}
        clearable
        clearButtonProps={{ 'aria-label': t('auditLog.filters.clearTo') }}
        value={value.to || null}
        minDate={value.from || undefined}
        maxDate={today}
        onChange={(to) => set({ to: to ?? '' })}
        popoverProps={{ withinPortal: true }}
        w={200}
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
