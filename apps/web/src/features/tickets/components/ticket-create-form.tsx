// The new-ticket form: title and description (required), category, priority, assignee,
// project and site (the sites of the chosen project), and images. The ticket is created first,
// then its images are uploaded.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketPriority } from '@fieldops/shared/enums';
import { ticketCreateRequest, type Ticket } from '@fieldops/shared/helpdesk';
import { FormActions } from '../../../components/form-actions.tsx';
import { MemberSelect, type ChosenMember } from '../../../components/member-select.tsx';
import { useFormState } from '../../../lib/form.ts';
import { errorMessage } from '../../../lib/i18n/translate-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateTicketMutation } from '../api/create-ticket.ts';
import { useTicketViewsRefresh } from '../api/ticket-cache.ts';
import { useUploadTicketAttachmentsMutation } from '../api/upload-ticket-attachments.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { TicketTextFields } from './ticket-text-fields.tsx';
import { useTicketOptions } from './use-ticket-options.ts';

interface TicketCreateFormProps {
  onCancel: () => void;
  onCreated: (ticket: Ticket) => void;
}

export function TicketCreateForm({ onCancel, onCreated }: TicketCreateFormProps) {
  const { t } = useTranslation();
  const create = useCreateTicketMutation();
  const upload = useUploadTicketAttachmentsMutation();
  const refreshTicketViews = useTicketViewsRefresh();
  const [files, setFiles] = useState<File[]>([]);
  const [agent, setAgent] = useState<ChosenMember | null>(null);
  const form = useFormState({
    title: '',
    description: '',
    categoryId: '',
    priority: 'NO_PRIORITY' as TicketPriority,
    agentId: '',
    projectId: '',
    teamId: '',
  });
  const projectId = form.values.projectId ? Number(form.values.projectId) : null;
  const options = useTicketOptions(projectId);
  const pending = create.isPending || upload.isPending;
  // The dialog puts the focus on the title when it opens; the first time, this form arrives after
  // the dialog has opened, and takes it here.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus(), []);

  const finish = async (ticket: Ticket) => {
    await refreshTicketViews(ticket.id);
    onCreated(ticket);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      title: form.values.title,
      description: form.values.description,
      categoryId: form.values.categoryId ? Number(form.values.categoryId) : null,
      priority: form.values.priority,
      agentId: form.values.agentId ? Number(form.values.agentId) : null,
      projectId,
      teamId: form.values.teamId ? Number(form.values.teamId) : null,
    };
    const body = form.validate(ticketCreateRequest, input);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (ticket) => {
        if (files.length === 0) {
          notifySuccess(t('tickets.form.created', { id: ticket.id }));
          void finish(ticket);
          return;
        }
        upload.mutate(
          { ticketId: ticket.id, files },
          {
            onSuccess: () => notifySuccess(t('tickets.form.created', { id: ticket.id })),
            // The ticket exists; its images can be added again from its page.
            onError: (error) => notifyError(errorMessage(error, 'uploadAttachmentsFailed')),
            onSettled: () => void finish(ticket),
          },
        );
      },
      onError: form.refused('createTicketFailed'),
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TicketTextFields field={form.field} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('tickets.fields.category')}
            placeholder={t('tickets.form.categoryPlaceholder')}
            clearable
            data={options.categoryOptions}
            {...form.select('categoryId')}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('tickets.fields.priority')}
            data={options.priorityOptions}
            allowDeselect={false}
            value={form.values.priority}
            onChange={(value) => form.setValue('priority', (value ?? 'NO_PRIORITY') as TicketPriority)}
            error={form.error('priority')}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('tickets.fields.project')}
            placeholder={t('tickets.form.projectPlaceholder')}
            clearable
            searchable
            nothingFoundMessage={t('tickets.nothingFound')}
            data={options.projectOptions}
            value={form.values.projectId || null}
            onChange={(value) => {
              form.setValues((current) => ({
                ...current,
                projectId: value ?? '',
                // The site must belong to the project.
                teamId: value && options.projectOfSite(Number(current.teamId)) !== Number(value) ? '' : current.teamId,
              }));
            }}
            error={form.error('projectId')}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('tickets.fields.site')}
            placeholder={t('tickets.form.sitePlaceholder')}
            clearable
            searchable
            nothingFoundMessage={t('tickets.nothingFound')}
            data={options.siteOptions}
            value={form.values.teamId || null}
            onChange={(value) => {
              const owner = value ? options.projectOfSite(Number(value)) : null;
              form.setValues((current) => ({
                ...current,
                teamId: value ?? '',
                projectId: owner ? String(owner) : current.projectId,
              }));
            }}
            error={form.error('teamId')}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <MemberSelect
          label={t('tickets.fields.assignee')}
          placeholder={t('tickets.form.assigneePlaceholder')}
          description={t('tickets.form.assigneeHint')}
          clearable
          value={agent}
          onChange={(member) => {
            setAgent(member);
            form.setValue('agentId', member ? String(member.id) : '');
          }}
          error={form.error('agentId')}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={pending} />
        <FormActions submitLabel={t('tickets.form.create')} pending={pending} onCancel={onCancel} icon={<IconSend size={16} />} />
      </Stack>
    </form>
  );
}
