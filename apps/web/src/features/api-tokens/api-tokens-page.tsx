// /settings/api-tokens (owners and admins): the business's API tokens for its own scripts and
// integrations, each with its first characters, scopes, expiry, last use and state; "New token"
// makes one and shows it once; Revoke, asked first, stops it at once.
import { useState } from 'react';
import { Card } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@fieldops/shared/api-tokens';
import { AdminListGate, AdminListPage } from '../../components/admin-list-page.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { API_TOKENS_PAGE_SIZE, useApiTokensQuery } from './api/get-api-tokens.ts';
import { useRevokeApiTokenMutation } from './api/revoke-api-token.ts';
import { ApiTokensTable } from './components/api-tokens-table.tsx';
import { NewApiTokenModal } from './components/new-api-token-modal.tsx';

function ApiTokensList({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useApiTokensQuery(page);
  const revoke = useRevokeApiTokenMutation();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(t('apiTokens.revoked', { name: revoking.name }));
        setRevoking(null);
      },
    });
  };

  return (
    <>
      <AdminListGate
        query={query}
        emptyIcon={<IconKey size={28} />}
        emptyTitle={t('apiTokens.emptyTitle')}
        emptyText={t('apiTokens.emptyText')}
        newLabel={t('apiTokens.new.open')}
        onNew={onNew}
      >
        {(result) => (
          <Card withBorder radius="md" padding="md">
            <ApiTokensTable
              tokens={result.data}
              onRevoke={(token) => {
                revoke.reset();
                setRevoking(token);
              }}
            />
            <ListPagination page={page} size={API_TOKENS_PAGE_SIZE} total={result.total} onChange={setPage} />
          </Card>
        )}
      </AdminListGate>
      <ConfirmModal
        opened={revoking !== null}
        title={t('apiTokens.revokeTitle')}
        message={revoking ? t('apiTokens.revokeText', { name: revoking.name }) : ''}
        confirmLabel={t('apiTokens.revoke')}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
        loading={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
      />
    </>
  );
}

export function ApiTokensPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <AdminListPage
        title={t('apiTokens.title')}
        description={t('apiTokens.description')}
        adminsOnly={t('apiTokens.adminsOnly')}
        newLabel={t('apiTokens.new.open')}
        onNew={() => setCreating(true)}
      >
        <ApiTokensList onNew={() => setCreating(true)} />
      </AdminListPage>
      <NewApiTokenModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
