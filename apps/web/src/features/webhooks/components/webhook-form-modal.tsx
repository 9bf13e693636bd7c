// "New webhook" and "Edit webhook": the address, a description and the events, each with its
// readable name. Made, the new webhook's secret is shown (by the page) this once.
import { type FormEvent } from 'react';
import { Checkbox, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventKey } from './event-key.ts';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  createWebhookRequest,
  updateWebhookRequest,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@fieldops/shared/webhooks';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useFormState } from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateWebhookMutation, useUpdateWebhookMutation } from '../api/webhook-mutations.ts';

interface Props {
  opened: boolean;
  /** The webhook being edited; null makes a new one. */
  editing: WebhookEndpoint | null;
  onCreated: (created: WebhookWithSecret) => void;
  onClose: () => void;
}

export function WebhookFormModal({ opened, editing, onCreated, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('webhooks.form.editTitle') : t('webhooks.form.newTitle')} size="lg" centered>
      {opened ? <WebhookForm key={editing?.id ?? 'new'} editing={editing} onCreated={onCreated} onClose={onClose} /> : null}
    </Modal>
  );
}

function WebhookForm({ editing, onCreated, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const form = useFormState({ url: editing?.url ?? '', description: editing?.description ?? '', eventKinds: editing?.eventKinds ?? ([] as string[]) });
  const create = useCreateWebhookMutation();
  const update = useUpdateWebhookMutation();
  const pending = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      const body = form.validate(updateWebhookRequest);
      if (!body) return;
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            notifySuccess(t('webhooks.form.saved'));
            onClose();
          },
          onError: form.showFieldErrors,
        },
      );
      return;
    }
    const body = form.validate(createWebhookRequest);
    if (!body) return;
    create.mutate(body, { onSuccess: onCreated, onError: form.showFieldErrors });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert error={create.error ?? update.error} fallbackKey="unknownError" />
        <TextInput
          label={t('webhooks.form.url')}
          description={t('webhooks.form.urlHint')}
          placeholder="https://example.com/webhooks/fieldops"
          type="url"
          dir="ltr"
          required
          data-autofocus
          maxLength={WEBHOOK_URL_MAX}
          {...form.field('url')}
        />
        <Textarea label={t('webhooks.form.descriptionLabel')} autosize minRows={2} maxLength={WEBHOOK_DESCRIPTION_MAX} {...form.field('description')} />
        <Checkbox.Group
          label={t('webhooks.form.events')}
          description={t('webhooks.form.eventsHint')}
          required
          value={form.values.eventKinds}
          onChange={(value) => form.setValue('eventKinds', value)}
          error={form.error('eventKinds')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {WEBHOOK_EVENTS.map((kind) => (
              <Checkbox key={kind} value={kind} label={t(eventKey(kind))} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <FormActions
          submitLabel={editing ? t('webhooks.form.save') : t('webhooks.form.create')}
          pending={pending}
          onCancel={onClose}
          icon={<IconWebhook size={16} />}
        />
      </Stack>
    </form>
  );
}
