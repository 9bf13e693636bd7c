// The Live switch and the state of its connection: connecting, live, reconnecting.
import { Badge, Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../../../lib/live-feed/live-feed-client.ts';

const COLOURS: Record<LiveState, string> = { connecting: 'blue', live: 'teal', reconnecting: 'orange', closed: 'gray' };

export function LiveSwitch({ on, state, onChange }: { on: boolean; state: LiveState; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch label={t('reports.live.switch')} checked={on} onChange={(event) => onChange(event.currentTarget.checked)} />
      {on ? (
        <Badge color={COLOURS[state]} variant={state === 'live' ? 'filled' : 'light'} role="status" aria-live="polite" data-state={state}>
          {t(`reports.live.state.${state}`)}
        </Badge>
      ) : null}
    </Group>
  );
}
