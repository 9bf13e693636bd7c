// /settings/webhooks (owners and admins): the business's webhook endpoints with their state, a form
// to add or change one, its secret (shown once made or rotated, and on request) with a copy
// button, a test message, rotation and deletion (both asked first), turning one on again after the
// app turned it off, and each endpoint's delivery log with "Send again".
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@fieldops/shared/webhooks';
import { AdminListGate, AdminListPage } from '../../components/admin-list-page.tsx';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ListPagination } from '../../components/list-pagination.tsx';
import { errorMessage } from '../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { WEBHOOKS_PAGE_SIZE, useWebhooksQuery } from './api/get-webhooks.ts';
import {
  useDeleteWebhookMutation,
  useEnableWebhookMutation,
  useRevealSecretMutation,
  useRotateSecretMutation,
  useTestWebhookMutation,
} from './api/webhook-mutations.ts';
import { DeliveriesModal } from './components/deliveries-modal.tsx';
import { SecretModal, type SecretReason } from './components/secret-modal.tsx';
import { WebhookCard, type WebhookAction } from './components/webhook-card.tsx';
import { WebhookFormModal } from './components/webhook-form-modal.tsx';

function WebhooksList({
  onNew,
  onEdit,
  onSecret,
}: {
  onNew: () => void;
  onEdit: (e: WebhookEndpoint) => void;
  onSecret: (secret: string, reason: SecretReason) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useWebhooksQuery(page);
  const remove = useDeleteWebhookMutation();
  const rotate = useRotateSecretMutation();
  const reveal = useRevealSecretMutation();
  const enable = useEnableWebhookMutation();
  const test = useTestWebhookMutation();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const failed = (error: unknown) => notifyError(errorMessage(error, 'unknownError'));

  const onAction = (action: WebhookAction, endpoint: WebhookEndpoint) => {
    if (action === 'edit') onEdit(endpoint);
    else if (action === 'deliveries') setLog(endpoint);
    else if (action === 'delete') {
      remove.reset();
      setDeleting(endpoint);
    } else if (action === 'rotate') {
      rotate.reset();
      setRotating(endpoint);
    } else if (action === 'reveal') reveal.mutate(endpoint.id, { onSuccess: ({ secret }) => onSecret(secret, 'revealed'), onError: failed });
    else if (action === 'enable') enable.mutate(endpoint.id, { onSuccess: () => notifySuccess(t('webhooks.enabledAgain')), onError: failed });
    else
      test.mutate(endpoint.id, {
        onSuccess: () => {
          notifySuccess(t('webhooks.testSent'));
          setLog(endpoint);
        },
        onError: failed,
      });
  };

  return (
    <>
      <AdminListGate
        query={query}
        emptyIcon={<IconWebhook size={28} />}
        emptyTitle={t('webhooks.emptyTitle')}
        emptyText={t('webhooks.emptyText')}
        newLabel={t('webhooks.new')}
        onNew={onNew}
      >
        {(result) => (
          <Stack gap="sm">
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('webhooks.title')}>
              {result.data.map((endpoint) => (
                <WebhookCard key={endpoint.id} endpoint={endpoint} onAction={onAction} />
              ))}
            </Stack>
            <ListPagination page={page} size={WEBHOOKS_PAGE_SIZE} total={result.total} onChange={setPage} />
          </Stack>
        )}
      </AdminListGate>
      <ConfirmModal
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={deleting ? t('webhooks.deleteText', { url: deleting.url }) : ''}
        confirmLabel={t('webhooks.delete')}
        danger
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('webhooks.deleted'));
              setDeleting(null);
            },
          })
        }
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
      />
      <ConfirmModal
        opened={rotating !== null}
        title={t('webhooks.rotateTitle')}
        message={t('webhooks.rotateText')}
        confirmLabel={t('webhooks.rotate')}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: ({ secret }) => {
              setRotating(null);
              onSecret(secret, 'rotated');
            },
          })
        }
        onClose={() => setRotating(null)}
        loading={rotate.isPending}
        error={rotate.error ? errorMessage(rotate.error) : null}
      />
      <DeliveriesModal endpoint={log} onClose={() => setLog(null)} />
    </>
  );
}

export function WebhooksPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<{ value: string; reason: SecretReason } | null>(null);
  const onSecret = (value: string, reason: SecretReason) => setSecret({ value, reason });
  return (
    <>
      <AdminListPage
        title={t('webhooks.title')}
        description={t('webhooks.description')}
        adminsOnly={t('webhooks.adminsOnly')}
        newLabel={t('webhooks.new')}
        onNew={() => setForm({ editing: null })}
      >
        <WebhooksList onNew={() => setForm({ editing: null })} onEdit={(editing) => setForm({ editing })} onSecret={onSecret} />
      </AdminListPage>
      <WebhookFormModal
        opened={form !== null}
        editing={form?.editing ?? null}
        onCreated={(created) => {
          setForm(null);
          onSecret(created.secret, 'created');
        }}
        onClose={() => setForm(null)}
      />
      <SecretModal secret={secret?.value ?? null} reason={secret?.reason ?? 'created'} onClose={() => setSecret(null)} />
    </>
  );
}
