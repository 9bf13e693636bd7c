// /settings/outbox (owners and admins): the e-mails the app sent, or keeps here when no mail
// server is set, 20 a page (`?page=`); opening one shows it as its recipient reads it.
import { useState } from 'react';
import { Card } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@fieldops/shared/notifications';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { usePageParam } from '../../lib/url-state.ts';
import { useOutboxQuery } from './api/get-outbox.ts';
import { AdminOnly } from './components/admin-only.tsx';
import { OutboxMessageModal } from './components/outbox-message-modal.tsx';
import { OutboxTable } from './components/outbox-table.tsx';
import { SettingsBackLink } from './components/settings-back-link.tsx';

function OutboxList() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const query = useOutboxQuery(page);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  return (
    <>
      <QueryGate
        query={query}
        fallbackKey="fetchOutboxFailed"
        isEmpty={(result) => result.total === 0}
        empty={<EmptyState withCard icon={<IconMailOff size={28} />} title={t('system.outbox.emptyTitle')} description={t('system.outbox.emptyText')} />}
      >
        {(result) => (
          <Card withBorder radius="md" padding="md">
            <OutboxTable messages={result.data} onOpen={setOpen} />
            <ListPagination page={page} size={DEFAULT_PAGE_SIZE} total={result.total} onChange={setPage} />
          </Card>
        )}
      </QueryGate>
      <OutboxMessageModal message={open} onClose={() => setOpen(null)} />
    </>
  );
}

export function MailOutboxPage() {
  const { t } = useTranslation();
  return (
    <>
      <SettingsBackLink />
      <PageHeader title={t('system.outbox.title')} description={t('system.outbox.description')} />
      <AdminOnly>
        <OutboxList />
      </AdminOnly>
    </>
  );
}
