// A search box whose text is kept in the address (?q=) after a short pause, trimmed, so a
// link or a reload shows the same results; editing it goes back to the first page.
import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParam } from '../../../lib/url-state.ts';

export const SEARCH_PARAM = 'q';
const SEARCH_DELAY_MS = 300;

interface SearchBoxProps {
  label: string;
  placeholder: string;
  clearLabel: string;
}

export function SearchBox({ label, placeholder, clearLabel }: SearchBoxProps) {
  const [q, setQ] = useSearchParam(SEARCH_PARAM);
  const [text, setText] = useState(q);
  const apply = useDebouncedCallback((next: string) => setQ(next.trim() || null), SEARCH_DELAY_MS);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={clearLabel}
            onClick={() => {
              setText('');
              apply.cancel();
              setQ(null);
            }}
          />
        ) : null
      }
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      maw={420}
      mb="md"
    />
  );
}
