// The dialogs of a section: its names (a new one goes at the end of the task), its rule over all
// its actions, following an answer given before it, and its deletion, which keeps its actions.
import type { FormEvent } from 'react';
import { Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ruleAnswersFor, sectionUpdateRequest, type Action, type ActionCriteria, type Section, type TaskWithActions } from '@fieldops/shared/tasks';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { FormActions } from '../../../../components/form-actions.tsx';
import { FormModal } from '../../../../components/form-modal.tsx';
import { issuesToErrors, useFormState } from '../../../../lib/form.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { errorMessage } from '../../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useCreateSectionMutation, useDeleteSectionMutation, useUpdateSectionCriteriaMutation, useUpdateSectionMutation } from '../../api/save-section.ts';
import { BilingualFields, withoutEitherNameError, type BilingualValues } from '../bilingual-fields.tsx';
import { groupsOf } from './action-layout.ts';
import { RuleForm } from './chain-rule-modal.tsx';

/** The actions before `section` (in no section or an earlier one) whose answers its rule can follow. */
export function sectionRuleBases(task: Pick<TaskWithActions, 'actions' | 'sections'>, section: Section): Action[] {
  const groups = groupsOf(task);
  const at = groups.findIndex((group) => group.sectionId === section.id);
  const before = new Set(groups.slice(0, Math.max(at, 0)).flatMap((group) => group.actionIds));
  return task.actions.filter((action) => before.has(action.id) && ruleAnswersFor(action.type, action.options.length).length > 0);
}

export function SectionFormModal({ taskId, section, opened, onClose }: { taskId: number; section: Section | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t(section ? 'tasks.sections.editTitle' : 'tasks.sections.newTitle')} size="lg">
      {({ close }) => <SectionForm taskId={taskId} section={section} onDone={close} />}
    </FormModal>
  );
}

function SectionForm({ taskId, section, onDone }: { taskId: number; section: Section | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSectionMutation(taskId);
  const update = useUpdateSectionMutation(taskId);
  const form = useFormState<BilingualValues>({
    nameEn: section?.nameEn ?? '',
    nameAr: section?.nameAr ?? '',
    descriptionEn: section?.descriptionEn ?? '',
    descriptionAr: section?.descriptionAr ?? '',
  });
  const pending = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sectionUpdateRequest.safeParse(form.values);
    if (!parsed.success) {
      form.setErrors(issuesToErrors<BilingualValues>(parsed.error.issues));
      return;
    }
    const done = {
      onSuccess: () => {
        notifySuccess(t('tasks.sections.saved'));
        onDone();
      },
      onError: (error: unknown) => {
        form.showFieldErrors(error);
        notifyError(errorMessage(error));
      },
    };
    if (section) update.mutate({ sectionId: section.id, body: parsed.data }, done);
    else create.mutate({ ...parsed.data, taskId }, done);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BilingualFields
          values={form.values}
          onChange={(field, value) => {
            form.setValue(field, value);
            if (field === 'nameAr') form.setErrors(withoutEitherNameError);
          }}
          errorOf={form.error}
          nameLabel={{ en: t('tasks.sections.nameEn'), ar: t('tasks.sections.nameAr') }}
        />
        <FormActions submitLabel={section ? t('actions.saveChanges') : t('tasks.sections.add')} pending={pending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

export function SectionRuleModal({ task, section, onClose }: { task: TaskWithActions; section: Section | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useUpdateSectionCriteriaMutation(task.id);
  const send = (criteria: ActionCriteria | null) =>
    section &&
    save.mutate(
      { sectionId: section.id, body: { criteria } },
      {
        onSuccess: () => {
          notifySuccess(t(criteria ? 'tasks.rule.saved' : 'tasks.rule.removed'));
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  return (
    <Modal opened={section !== null} onClose={onClose} title={t('tasks.sections.rule')} size="lg" centered>
      {section ? (
        <RuleForm
          intro={t('tasks.rule.intro', { name: localizedName(section, currentLanguage(i18n)) || t('tasks.sections.untitled') })}
          bases={sectionRuleBases(task, section)}
          current={section.criteria}
          onSave={send}
          pending={save.isPending}
          onClose={onClose}
          idSuffix={`section-${section.id}`}
        />
      ) : null}
    </Modal>
  );
}

export function DeleteSectionModal({ taskId, section, onClose }: { taskId: number; section: Section | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const remove = useDeleteSectionMutation(taskId);
  const name = section ? localizedName(section, currentLanguage(i18n)) || t('tasks.sections.untitled') : '';
  return (
    <ConfirmModal
      opened={section !== null}
      title={t('tasks.sections.deleteTitle')}
      message={t('tasks.sections.deleteText', { name })}
      confirmLabel={t('tasks.sections.delete')}
      danger
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() =>
        section &&
        remove.mutate(section.id, {
          onSuccess: () => {
            notifySuccess(t('tasks.sections.deleted'));
            onClose();
          },
        })
      }
    />
  );
}
