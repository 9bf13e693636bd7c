// The way back from a page of the settings area to Settings, pointing to the start of the line.
import { Anchor, Group, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

export function SettingsBackLink() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const Arrow = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to={paths.settings} size="sm" mb="xs" display="inline-block">
      <Group gap={4} wrap="nowrap">
        <Arrow size={14} aria-hidden />
        {t('system.backToSettings')}
      </Group>
    </Anchor>
  );
}
