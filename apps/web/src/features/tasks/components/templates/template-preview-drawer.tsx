// A template's actions in a side panel (on the side where lines end): each with its type,
// required mark, options and rule in words, and the button that starts a task from it.
import { Badge, Button, Drawer, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconGitBranch, IconPlaylistAdd } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TemplateAction, TemplateDetail } from '@fieldops/shared/tasks';
import { QueryGate } from '../../../../components/query-gate.tsx';
import { optionLabel } from '../../../../components/task-runner/answer-input.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { localizedDescription, localizedName } from '../../../../lib/localized.ts';
import { useTemplateQuery } from '../../api/get-template.ts';
import { ruleSentence } from '../actions/rule-text.ts';
import { TemplateBadge } from './template-card.tsx';
import { useActionTypeNames } from '../actions/use-action-type-names.ts';

interface TemplatePreviewDrawerProps {
  templateId: number | null;
  onClose: () => void;
  onUse?: (templateId: number) => void;
  using?: boolean;
}

export function TemplatePreviewDrawer({ templateId, onClose, onUse, using }: TemplatePreviewDrawerProps) {
  const { t } = useTranslation();
  const query = useTemplateQuery(templateId);
  return (
    <Drawer
      opened={templateId !== null}
      onClose={onClose}
      // Mantine puts a right drawer on the left in Arabic, where lines end.
      position="right"
      size="lg"
      title={t('tasks.templates.previewTitle')}
    >
      <QueryGate query={query} fallbackKey="fetchTemplateFailed" withCard={false}>
        {(template) => <TemplatePreview template={template} onUse={onUse} using={using} />}
      </QueryGate>
    </Drawer>
  );
}

function TemplatePreview({ template, onUse, using }: { template: TemplateDetail; onUse?: (templateId: number) => void; using?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const description = localizedDescription(template, language);
  return (
    <Stack gap="md">
      <div>
        <Group gap="xs" mb={4}>
          <TemplateBadge library={template.library} />
        </Group>
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {localizedName(template, language) || t('tasks.untitled')}
        </Text>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {onUse ? (
        <Button leftSection={<IconPlaylistAdd size={16} />} onClick={() => onUse(template.id)} loading={using}>
          {t('tasks.templates.use')}
        </Button>
      ) : null}
      <Text fw={600}>{t('tasks.templates.actionsHeading', { value: formatNumber(template.content.actions.length, language) })}</Text>
      <Stack gap="xs" component="ol" p={0} m={0}>
        {template.content.actions.map((action, index) => (
          <TemplateActionItem key={index} action={action} position={index + 1} actions={template.content.actions} />
        ))}
      </Stack>
    </Stack>
  );
}

function TemplateActionItem({ action, position, actions }: { action: TemplateAction; position: number; actions: TemplateAction[] }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const typeName = useActionTypeNames();
  const rule = action.criteria;
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
          {formatNumber(position, language)}
        </Badge>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {localizedName(action, language) || t('tasks.untitledAction')}
            </Text>
            <Badge variant="default" size="sm">
              {typeName(action.type)}
            </Badge>
            {action.required ? (
              <Badge color="red" variant="light" size="sm">
                {t('tasks.actions.required')}
              </Badge>
            ) : null}
          </Group>
          {action.options.length > 0 ? (
            <List size="sm" c="dimmed" withPadding>
              {action.options.map((option, index) => (
                <List.Item key={index}>{optionLabel(option, language)}</List.Item>
              ))}
            </List>
          ) : null}
          {rule ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconGitBranch size={16} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-violet-6)" aria-hidden />
              <Text size="sm" c="violet.8">
                {ruleSentence({ answer: rule.condition.answer, visibility: rule.visibility }, actions[rule.condition.baseIndex], t, language)}
              </Text>
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
