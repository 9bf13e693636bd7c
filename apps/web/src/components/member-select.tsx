// Picks one business member (or none): the first page of members by name, or the server's
// search once enough characters are typed; nothing is read before the list is first opened. The chosen member stays listed even when the current
// results do not hold them, so a saved value always shows its name.
import { useMemo, useState } from 'react';
import { Select, Text, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MEMBER_SEARCH_MIN_LENGTH } from '@fieldops/shared/limits';
import { searchKeyOf, useMemberSearchQuery } from './site-membership/api/search-members.ts';

export interface ChosenMember {
  id: number;
  name: string;
}

interface MemberSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchable' | 'searchValue' | 'onSearchChange'> {
  value: ChosenMember | null;
  onChange: (member: ChosenMember | null) => void;
}

export function MemberSelect({ value, onChange, placeholder, description, ...props }: MemberSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  // The input shows the chosen name; that is not a search.
  const text = value && debounced === value.name ? '' : debounced;
  const [opened, setOpened] = useState(false);
  const query = useMemberSearchQuery(text, opened && !props.readOnly && !props.disabled);

  const members = query.data?.data;
  const options = useMemo(() => {
    const found = (members ?? []).map((member) => ({
      value: String(member.userId),
      label: member.fullName || member.username,
      email: member.email,
    }));
    if (value && !found.some((option) => option.value === String(value.id))) {
      found.unshift({ value: String(value.id), label: value.name, email: '' });
    }
    return found;
  }, [members, value]);
  const emails = useMemo(() => new Map(options.map((option) => [option.value, option.email])), [options]);

  const typed = search.trim();
  const short = typed.length > 0 && typed !== value?.name && !searchKeyOf(typed);

  return (
    <Select
      {...props}
      placeholder={placeholder ?? t('siteMembership.memberPlaceholder')}
      searchable
      data={options.map(({ value: optionValue, label }) => ({ value: optionValue, label }))}
      // The server has already filtered; a local filter would hide matches by e-mail.
      filter={({ options: all }) => all}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.label}</Text>
          {emails.get(option.value) ? (
            <Text size="xs" c="dimmed" dir="ltr" ta="start">
              {emails.get(option.value)}
            </Text>
          ) : null}
        </div>
      )}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => {
        setOpened(true);
        props.onDropdownOpen?.();
      }}
      onChange={(next, option) => onChange(next ? { id: Number(next), name: option?.label ?? '' } : null)}
      description={short ? t('siteMembership.searchHint', { count: MEMBER_SEARCH_MIN_LENGTH }) : description}
      nothingFoundMessage={query.isFetching ? t('app.loading') : t('siteMembership.noMembersFound')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
