// One value of a row being checked, editable in place: its problems are said under it (and read
// with it, as its description), and Enter or leaving it sends the new value to be checked again.
import { useRef, useState } from 'react';
import { InputBase, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ImportCellInputProps {
  /** Unique on the page: the problems' text is named after it. */
  id: string;
  label: string;
  value: string;
  /** This value's own problems, translated. */
  problems: string[];
  /** The id of the text saying the row's own problems (a repeated row), when it has some. */
  rowProblemsId: string | null;
  saving: boolean;
  onSave: (value: string) => void;
}

export function ImportCellInput({ id, label, value, problems, rowProblemsId, saving, onSave }: ImportCellInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // The value last sent or received: leaving the input after Enter sends nothing more.
  const sent = useRef(value);
  const [held, setHeld] = useState(value);
  if (held !== value) {
    setHeld(value);
    setDraft(value);
    sent.current = value;
  }

  const save = () => {
    if (draft === sent.current) return;
    sent.current = draft;
    onSave(draft);
  };

  const problemsId = `${id}-problems`;
  const describedBy = [problems.length ? problemsId : null, rowProblemsId].filter(Boolean).join(' ');
  return (
    <Stack gap={2} miw={140}>
      <InputBase
        size="xs"
        value={draft}
        aria-label={label}
        aria-invalid={problems.length > 0 || undefined}
        aria-describedby={describedBy || undefined}
        title={t('imports.table.saveHint')}
        withAria={false}
        error={problems.length > 0}
        loading={saving}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
      />
      {problems.length ? (
        <Text id={problemsId} size="xs" c="red.8">
          {problems.join(' ')}
        </Text>
      ) : null}
    </Stack>
  );
}
