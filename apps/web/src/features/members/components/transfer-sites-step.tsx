// The Transfer tab's first step: the site the member leaves (one of theirs the user manages) and
// the site they join.
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ComboboxData } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import type { TransferEvent, TransferState } from './transfer-wizard.ts';

interface TransferSitesStepProps {
  state: TransferState;
  dispatch: (event: TransferEvent) => void;
  sources: ComboboxData;
  targets: ComboboxData;
}

export function TransferSitesStep({ state, dispatch, sources, targets }: TransferSitesStepProps) {
  const { t } = useTranslation();
  const { errors } = state;
  return (
    <Stack gap="md" mt="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('members.transfer.from')}
          placeholder={t('members.transfer.fromPlaceholder')}
          required
          data={sources}
          value={state.from}
          onChange={(value) => dispatch({ type: 'from', value })}
          error={errors.from ? translateMessage(errors.from) : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('members.transfer.to')}
          placeholder={t('members.transfer.toPlaceholder')}
          required
          searchable
          data={targets}
          value={state.to}
          onChange={(value) => dispatch({ type: 'to', value })}
          nothingFoundMessage={t('siteMembership.noSitesFound')}
          error={errors.to ? translateMessage(errors.to) : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('members.transfer.keepsRole')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => dispatch({ type: 'next' })}>{t('actions.next')}</Button>
      </Group>
    </Stack>
  );
}
