// The active toggle of a project or a site. It is kept only in this browser's local storage
// (spec §4): it changes nothing on the server.
import { Switch, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocalToggles, type ToggleStorageKey } from '../lib/local-toggles.ts';

interface LocalStatusSwitchProps {
  storageKey: ToggleStorageKey;
  id: number;
  /** The value shown until the user toggles it here (the server's flag). */
  fallback: boolean;
  /** Accessible name, e.g. "Active: Tower A". */
  label: string;
}

export function LocalStatusSwitch({ storageKey, id, fallback, label }: LocalStatusSwitchProps) {
  const { t } = useTranslation();
  const { isActive, setActive } = useLocalToggles(storageKey);
  const checked = isActive(id, fallback);
  return (
    <Tooltip label={t('status.localOnly')} openDelay={400} withArrow>
      <Switch aria-label={label} checked={checked} onChange={(event) => setActive(id, event.currentTarget.checked)} size="sm" />
    </Tooltip>
  );
}
