// One template in the browser: its names and description, how many actions it has, whether it
// comes from the library or from the business, and what can be done with it.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlaylistAdd } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Template } from '@fieldops/shared/tasks';
import { ItemContextMenu } from '../../../../components/item-context-menu.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../../lib/localized.ts';

interface TemplateCardProps {
  template: Template;
  onPreview: () => void;
  /** Present for users who may create tasks. */
  onUse?: () => void;
  using?: boolean;
  /** Present for the business's own templates, for users who may change them. */
  onDelete?: () => void;
}

export function TemplateBadge({ library }: { library: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={library ? 'blue' : 'grape'}>
      {t(library ? 'tasks.templates.library' : 'tasks.templates.own')}
    </Badge>
  );
}

export function TemplateCard({ template, onPreview, onUse, using, onDelete }: TemplateCardProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const name = localizedName(template, language) || t('tasks.untitled');
  // The other language's name, shown under the title when it differs.
  const otherName = language === 'ar' ? template.nameEn : template.nameAr;
  const description = localizedDescription(template, language);

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <TemplateBadge library={template.library} />
          {onDelete ? <ItemContextMenu label={t('tasks.templates.menuOf', { name })} onDelete={onDelete} /> : null}
        </Group>
        <div>
          <Title order={3} fz="h5" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {otherName && otherName !== name ? (
            <Text size="sm" c="dimmed" dir={language === 'ar' ? 'ltr' : 'rtl'} ta="start">
              {otherName}
            </Text>
          ) : null}
        </div>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
          {description || t('tasks.templates.noDescription')}
        </Text>
        <Text size="sm">{t('tasks.table.actionsLabel', { value: formatNumber(template.actionsCount, language) })}</Text>
        <Group gap="xs" mt="xs">
          <Button variant="default" size="xs" leftSection={<IconEye size={14} />} onClick={onPreview}>
            {t('tasks.templates.preview')}
          </Button>
          {onUse ? (
            <Button size="xs" leftSection={<IconPlaylistAdd size={14} />} onClick={onUse} loading={using}>
              {t('tasks.templates.use')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
