// The business's ticket categories with their English and Arabic names; owners and admins add,
// rename and delete them.
import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketCategory } from '@fieldops/shared/helpdesk';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemContextMenu } from '../../../components/item-context-menu.tsx';
import { QueryGate } from '../../../components/query-gate.tsx';
import { useTicketCategoriesQuery } from '../../../lib/helpdesk/get-ticket-categories.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { localizedName } from '../../../lib/localized.ts';
import { useAccess } from '../../../lib/session/use-access.ts';
import { TicketCategoriesDeleteModal } from './ticket-categories-delete-modal.tsx';
import { TicketCategoriesFormModal } from './ticket-categories-form-modal.tsx';

export function TicketCategoriesList() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { isAdmin } = useAccess();
  const query = useTicketCategoriesQuery();
  const [form, setForm] = useState<{ category: TicketCategory | null } | null>(null);
  const [deleting, setDeleting] = useState<TicketCategory | null>(null);

  const addButton = isAdmin ? (
    <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setForm({ category: null })}>
      {t('business.categories.add')}
    </Button>
  ) : null;

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchCategoriesFailed"
      withCard={false}
      loaderHeight={160}
      isEmpty={(categories) => categories.length === 0}
      empty={
        <EmptyState
          icon={<IconCategory size={28} />}
          title={t('business.categories.emptyTitle')}
          description={t('business.categories.emptyText')}
          action={addButton}
        />
      }
    >
      {(categories) => (
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('business.categories.nameEn')}</Table.Th>
              <Table.Th>{t('business.categories.nameAr')}</Table.Th>
              {isAdmin ? (
                <Table.Th w={48}>
                  <VisuallyHidden>{t('actions.moreActions')}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((category) => (
              <Table.Tr key={category.id}>
                {/* Each name keeps its own direction and sits under its heading in either language. */}
                <Table.Td>
                  <span dir="ltr">{category.nameEn}</span>
                </Table.Td>
                <Table.Td>
                  <span dir="rtl">{category.nameAr}</span>
                </Table.Td>
                {isAdmin ? (
                  <Table.Td>
                    <ItemContextMenu
                      label={t('business.categories.menuOf', { name: localizedName(category, language) })}
                      onEdit={() => setForm({ category })}
                      onDelete={() => setDeleting(category)}
                    />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryGate>
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {t('business.ticketCategories')}
            </Title>
            <Text size="sm" c="dimmed">
              {t(isAdmin ? 'business.categories.description' : 'business.categories.readOnly')}
            </Text>
          </Stack>
          {query.data && query.data.length > 0 ? addButton : null}
        </Group>
        {content}
      </Stack>
      <TicketCategoriesFormModal opened={form !== null} category={form?.category ?? null} onClose={() => setForm(null)} />
      <TicketCategoriesDeleteModal category={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
