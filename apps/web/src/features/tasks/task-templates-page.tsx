// /tasks/templates: the template browser. The library's templates and the business's own,
// searched by name (?q=, sent trimmed), each previewed in a side panel and turned into a new
// task; the business's own templates can be deleted.
import { useState } from 'react';
import { Button, SimpleGrid } from '@mantine/core';
import { IconChecklist, IconSearchOff, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Template } from '@fieldops/shared/tasks';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { paths } from '../../lib/paths.ts';
import { useAccess } from '../../lib/session/use-access.ts';
import { useSearchParam } from '../../lib/url-state.ts';
import { useTemplatesQuery } from './api/get-templates.ts';
import { DeleteTemplateModal } from './components/templates/delete-template-modal.tsx';
import { SEARCH_PARAM, SearchBox } from './components/search-box.tsx';
import { TemplateCard } from './components/templates/template-card.tsx';
import { TemplatePreviewDrawer } from './components/templates/template-preview-drawer.tsx';
import { useCreateFromTemplate } from './components/templates/use-create-from-template.ts';

export function TaskTemplatesPage() {
  const { t } = useTranslation();
  const { canManageTasks } = useAccess();
  const [q] = useSearchParam(SEARCH_PARAM);
  const searchKey = q.trim();
  const query = useTemplatesQuery(searchKey);
  const create = useCreateFromTemplate();
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);

  const content = (
    <QueryGate
      query={query}
      fallbackKey="fetchTemplatesFailed"
      isEmpty={(templates) => templates.data.length === 0}
      empty={
        searchKey ? (
          <EmptyState
            withCard
            icon={<IconSearchOff size={28} />}
            title={t('tasks.templates.noMatchTitle')}
            description={t('tasks.templates.noMatchText', { search: searchKey })}
          />
        ) : (
          <EmptyState withCard icon={<IconTemplate size={28} />} title={t('tasks.templates.emptyTitle')} description={t('tasks.templates.emptyText')} />
        )
      }
    >
      {(templates) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {templates.data.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              onPreview={() => setPreviewing(template.id)}
              onUse={canManageTasks ? () => create.run(template.id) : undefined}
              using={create.pendingId === template.id}
              onDelete={canManageTasks && !template.library ? () => setDeleting(template) : undefined}
            />
          ))}
        </SimpleGrid>
      )}
    </QueryGate>
  );

  return (
    <>
      <PageHeader
        title={t('tasks.templates.title')}
        description={t('tasks.templates.description')}
        actions={
          <Button component={Link} to={paths.tasks} variant="default" leftSection={<IconChecklist size={16} />}>
            {t('tasks.templates.backToTasks')}
          </Button>
        }
      />
      <SearchBox label={t('tasks.templates.searchLabel')} placeholder={t('tasks.templates.searchPlaceholder')} clearLabel={t('tasks.search.clear')} />
      {content}
      <TemplatePreviewDrawer
        templateId={previewing}
        onClose={() => setPreviewing(null)}
        onUse={canManageTasks ? create.run : undefined}
        using={previewing !== null && create.pendingId === previewing}
      />
      <DeleteTemplateModal template={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
