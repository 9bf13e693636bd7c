// Picks a business member: the first page by name, or the server's search once at least
// MEMBER_SEARCH_MIN_LENGTH characters are typed (shorter input shows a hint).
import { useMemo, useState } from 'react';
import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_MIN_LENGTH } from '@fieldops/shared/limits';
import { searchKeyOf, useMemberSearchQuery } from './api/search-members.ts';

interface MemberPickerProps {
  value: string;
  onChange: (userId: string, name: string) => void;
  label: string;
  error?: string;
}

export function MemberPicker({ value, onChange, label, error }: MemberPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [selectedLabel, setSelectedLabel] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  // Once a member is chosen the input shows their name; that is not a new search.
  const text = debounced === selectedLabel ? '' : debounced;
  const query = useMemberSearchQuery(text);

  const options = useMemo(
    () => (query.data?.data ?? []).map((member) => ({ value: String(member.userId), label: member.fullName || member.username })),
    [query.data],
  );
  const emails = useMemo(() => new Map((query.data?.data ?? []).map((member) => [String(member.userId), member.email])), [query.data]);

  const typed = search.trim();
  const short = typed.length > 0 && typed !== selectedLabel && !searchKeyOf(typed);

  return (
    <Select
      label={label}
      placeholder={t('siteMembership.memberPlaceholder')}
      required
      searchable
      data={options}
      filter={({ options: all }) => all}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed" dir="ltr" ta="start">
            {emails.get(option.value)}
          </Text>
        </div>
      )}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setSelectedLabel(option?.label ?? '');
        onChange(next ?? '', option?.label ?? '');
      }}
      description={short ? t('siteMembership.searchHint', { count: MEMBER_SEARCH_MIN_LENGTH }) : undefined}
      nothingFoundMessage={query.isFetching ? t('app.loading') : t('siteMembership.noMembersFound')}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
