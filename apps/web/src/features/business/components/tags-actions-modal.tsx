// The actions using one tag, a page at a time, each with the task it belongs to (a link to the
// task's page).
import { useState } from 'react';
import { Anchor, Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tag } from '@fieldops/shared/tasks';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { TAG_ACTIONS_PAGE_SIZE, useTagActionsQuery } from '../api/get-tag-actions.ts';

export function TagsActionsModal({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const name = tag ? localizedName(tag, currentLanguage(i18n)) : '';
  return (
    <Modal opened={tag !== null} onClose={onClose} title={t('business.tags.actionsTitle', { name })} size="lg" centered>
      {tag ? <TagActions key={tag.id} tagId={tag.id} /> : null}
    </Modal>
  );
}

function TagActions({ tagId }: { tagId: number }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [page, setPage] = useState(0);
  const query = useTagActionsQuery(tagId, page);

  return (
    <QueryGate
      query={query}
      fallbackKey="fetchTagActionsFailed"
      withCard={false}
      loaderHeight={160}
      isEmpty={(actions) => actions.total === 0}
      empty={<EmptyState icon={<IconListSearch size={28} />} title={t('business.tags.noActionsTitle')} description={t('business.tags.noActionsText')} />}
    >
      {(actions) => (
        <>
          <Stack gap="xs" component="ul" p={0} m={0}>
            {actions.data.map((action) => {
              const taskName = localizedName({ nameEn: action.taskNameEn, nameAr: action.taskNameAr }, language) || t('business.tags.untitledTask');
              return (
                <Group
                  key={action.id}
                  component="li"
                  justify="space-between"
                  gap="xs"
                  wrap="nowrap"
                  py={6}
                  style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {localizedName(action, language) || t('business.tags.untitledAction')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('business.tags.inTask')}{' '}
                      <Anchor component={Link} to={paths.task(action.taskId)} size="xs">
                        {taskName}
                      </Anchor>
                    </Text>
                  </Stack>
                  {action.required ? (
                    <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
                      {t('business.tags.required')}
                    </Badge>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
          <ListPagination page={page} size={TAG_ACTIONS_PAGE_SIZE} total={actions.total} onChange={setPage} />
        </>
      )}
    </QueryGate>
  );
}
