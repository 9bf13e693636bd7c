// A centred loader for a section or a page that is still loading.
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingState({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Center mih={minHeight} role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  );
}
