// /settings/api-tokens (owners and admins): the business's API tokens for its own scripts and
// integrations, each with its first characters, scopes, expiry, last use and state; "New token"
// makes one and shows it once; Revoke, asked first, stops it at once.
import { useState } from 'react';
import { Button, Card, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@fieldops/shared/api-tokens';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryGate } from '../../components/query-gate.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useAccess } from '../../lib/session/use-access.ts';
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
      <QueryGate
        query={query}
        fallbackKey="unknownError"
        isEmpty={(result) => result.total === 0}
        empty={
          <EmptyState
            withCard
            icon={<IconKey size={28} />}
            title={t('apiTokens.emptyTitle')}
            description={t('apiTokens.emptyText')}
            action={
              <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
                {t('apiTokens.new.open')}
              </Button>
            }
          />
        }
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
      </QueryGate>
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
  const { isAdmin } = useAccess();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('apiTokens.title')}
        description={t('apiTokens.description')}
        actions={
          isAdmin ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('apiTokens.new.open')}
            </Button>
          ) : undefined
        }
      />
      {isAdmin ? <ApiTokensList onNew={() => setCreating(true)} /> : <Text c="dimmed">{t('apiTokens.adminsOnly')}</Text>}
      <NewApiTokenModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
