// The project form (name, website, type, active), for creating and for editing. It validates
// with the shared schema and shows the server's field errors under the fields.
import { useMemo, type FormEvent } from 'react';
import { Select, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '@fieldops/shared/limits';
import { projectRequest, projectUpdateRequest, type Project } from '@fieldops/shared/organisation';
import { FormActions } from '../../../components/form-actions.tsx';
import { useFormState } from '../../../lib/form.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { writeToggle } from '../../../lib/local-toggles.ts';
import { localizedName } from '../../../lib/localized.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useLookupsQuery } from '../../../lib/session/api/get-lookups.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCreateProjectMutation } from '../api/create-project.ts';
import { useUpdateProjectMutation } from '../api/update-project.ts';
import { copyName } from '../../../lib/copy-name.ts';

interface ProjectFormProps {
  /** The project to edit; without it the form creates one. */
  project?: Project;
  /** A project whose settings a new one starts from (Duplicate), under a new name. */
  copyOf?: Project;
  onSaved?: (project: Project) => void;
  onCancel?: () => void;
  readOnly?: boolean;
}

export function ProjectForm({ project, copyOf, onSaved, onCancel, readOnly = false }: ProjectFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const { apiKey } = useSession();
  const lookups = useLookupsQuery(apiKey);
  const create = useCreateProjectMutation();
  const update = useUpdateProjectMutation();
  const pending = create.isPending || update.isPending;
  const source = project ?? copyOf;
  const form = useFormState({
    name: project?.name ?? (copyOf ? copyName(copyOf.name) : ''),
    website: source?.website ?? '',
    typeId: source?.typeId ? String(source.typeId) : '',
    active: source?.active ?? true,
  });

  const typeOptions = useMemo(
    () => (lookups.data?.projectTypes ?? []).map((type) => ({ value: String(type.id), label: localizedName(type, language) })),
    [lookups.data, language],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name: form.values.name,
      website: form.values.website,
      typeId: form.values.typeId ? Number(form.values.typeId) : null,
      active: form.values.active,
    };
    const handlers = {
      onSuccess: (saved: Project) => {
        notifySuccess(t(project ? 'projects.form.updated' : 'projects.form.created', { name: saved.name }));
        writeToggle(STORAGE_KEYS.projects, saved.id, saved.active);
        onSaved?.(saved);
      },
      onError: form.refused(project ? 'updateProjectFailed' : 'createProjectFailed'),
    };
    if (project) {
      const body = form.validate(projectUpdateRequest, { ...input, id: project.id });
      if (body) update.mutate({ ...input, id: project.id }, handlers);
    } else {
      const body = form.validate(projectRequest, input);
      if (body) create.mutate(input, handlers);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('projects.form.name')}
          description={readOnly ? undefined : t('projects.form.nameHint')}
          required={!readOnly}
          data-autofocus
          readOnly={readOnly}
          {...form.field('name')}
        />
        <TextInput label={t('projects.form.website')} placeholder="https://example.com" type="url" dir="ltr" readOnly={readOnly} {...form.field('website')} />
        <Select
          label={t('projects.form.type')}
          placeholder={lookups.isPending ? t('app.loading') : t('projects.form.typePlaceholder')}
          description={!readOnly && lookups.isSuccess && typeOptions.length === 0 ? t('projects.form.noTypes') : undefined}
          clearable
          readOnly={readOnly}
          data={typeOptions}
          {...form.select('typeId')}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch
          label={t('projects.form.active')}
          description={t('projects.form.activeHint')}
          disabled={readOnly}
          checked={form.values.active}
          onChange={(event) => form.setValue('active', event.currentTarget.checked)}
        />
        {readOnly ? null : <FormActions submitLabel={project ? t('actions.saveChanges') : t('projects.form.create')} pending={pending} onCancel={onCancel} />}
      </Stack>
    </form>
  );
}
