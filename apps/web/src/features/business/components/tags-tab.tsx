// The Business page's Tags tab: the business's tags (English and Arabic names, how many actions
// use each), with create (up to 3), rename, delete and the list of actions using a tag.
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconListSearch, IconPlus, IconTags } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_TAGS_PER_BUSINESS } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import type { Tag } from '@fieldops/shared/tasks';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { useTagsQuery } from '../api/get-tags.ts';
import { TagsActionsModal } from './tags-actions-modal.tsx';
import { TagsDeleteModal } from './tags-delete-modal.tsx';
import { TagsFormModal } from './tags-form-modal.tsx';

type Dialog = { kind: 'new' } | { kind: 'edit' | 'delete' | 'actions'; tag: Tag } | null;

export function TagsTab() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { canManageTasks: canManage } = useAccess();
  const query = useTagsQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const tags = query.data?.data ?? [];
  const full = tags.length >= MAX_TAGS_PER_BUSINESS;
  const createButton = canManage ? (
    <Button leftSection={<IconPlus size={16} />} disabled={full} onClick={() => setDialog({ kind: 'new' })}>
      {t('business.tags.new')}
    </Button>
  ) : null;

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchTagsFailed"
      isEmpty={(loaded) => loaded.data.length === 0}
      empty={
        <EmptyState
          withCard
          icon={<IconTags size={28} />}
          title={t('business.tags.emptyTitle')}
          description={t(canManage ? 'business.tags.emptyText' : 'business.tags.emptyTextReader')}
          action={createButton}
        />
      }
    >
      {(loaded) => (
        <Card withBorder radius="md" padding="sm">
          <ResponsiveTable minWidth={520}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('business.tags.nameEn')}</Table.Th>
                  <Table.Th>{t('business.tags.nameAr')}</Table.Th>
                  <Table.Th ta="end">{t('business.tags.actionsCount')}</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loaded.data.map((tag) => (
                  <Table.Tr key={tag.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {tag.nameEn}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {tag.nameAr}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">{formatNumber(tag.actionsCount, language)}</Table.Td>
                    <Table.Td>
                      <ItemContextMenu
                        label={t('business.tags.menuOf', { name: localizedName(tag, language) })}
                        onEdit={canManage ? () => setDialog({ kind: 'edit', tag }) : undefined}
                        onDelete={canManage ? () => setDialog({ kind: 'delete', tag }) : undefined}
                        actions={[
                          {
                            key: 'actions',
                            label: t('business.tags.viewActions'),
                            icon: <IconListSearch size={16} />,
                            onClick: () => setDialog({ kind: 'actions', tag }),
                          },
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
        </Card>
      )}
    </QueryGate>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text c="dimmed" size="sm" style={{ flex: '1 1 280px' }}>
          {t('business.tags.description')}
        </Text>
        {tags.length > 0 ? createButton : null}
      </Group>
      {canManage && full ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
          {translateMessage(MSG.tagLimit)}
        </Alert>
      ) : null}
      {content}
      <TagsFormModal opened={dialog?.kind === 'new' || dialog?.kind === 'edit'} tag={dialog?.kind === 'edit' ? dialog.tag : null} onClose={close} />
      <TagsDeleteModal tag={dialog?.kind === 'delete' ? dialog.tag : null} onClose={close} />
      <TagsActionsModal tag={dialog?.kind === 'actions' ? dialog.tag : null} onClose={close} />
    </Stack>
  );
}
