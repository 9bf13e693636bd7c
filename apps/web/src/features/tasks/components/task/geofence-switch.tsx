// The geofence switch with the sentence that explains it (spec §3): answers must be submitted
// inside the site's area, and work outside is not counted.
import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface GeofenceSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export function GeofenceSwitch({ checked, onChange, disabled }: GeofenceSwitchProps) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('tasks.geofence.label')}
      description={t('tasks.geofence.explanation')}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
