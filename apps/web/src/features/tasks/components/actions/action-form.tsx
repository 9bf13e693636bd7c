// The action form: names and descriptions in both languages (either name is enough), the type
// from the server's list, options for choice types (both labels each, at least two), the
// required switch, an instruction's picture and tags. Validated with the shared schemas before
// anything is sent.
import { useMemo, useState, type FormEvent } from 'react';
import { Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { OPTION_ACTION_TYPES, type ActionType } from '@fieldops/shared/enums';
import { DEFAULT_SETTINGS, ruleKeysFor, type AnswerRules } from '@fieldops/shared/inspection-score';
import { actionRequest, actionUpdateRequest, type Action, type ActionOption, type Section } from '@fieldops/shared/tasks';
import { FormActions } from '../../../../components/form-actions.tsx';
import { issuesToErrors, useFormState } from '../../../../lib/form.ts';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { useActionTypesQuery } from '../../api/get-action-types.ts';
import { ActionOptionsField, MIN_OPTIONS, emptyOption, type OptionErrors } from './action-options-field.tsx';
import { BilingualFields, withoutEitherNameError } from '../bilingual-fields.tsx';
import { TagMultiSelect } from '../task/tag-select.tsx';
import { ActionScoringFields, type ScoringValues } from './action-scoring-fields.tsx';
import { InstructionImageField, keptImage } from './instruction-image-field.tsx';
import { useSaveAction } from './use-save-action.ts';

interface ActionFormValues {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  type: ActionType | '';
  options: ActionOption[];
  required: boolean;
  tagIds: string[];
  scoring: ScoringValues;
}

interface ActionFormProps {
  taskId: number;
  /** The task's sections, one of which the action may sit in. */
  sections?: readonly Section[];
  /** The section a new action goes in. */
  defaultSectionId?: number | null;
  /** The action to edit; without it the form adds one at the end of its section (or of the task). */
  action?: Action;
  onSaved: () => void;
  onCancel: () => void;
}

const isChoice = (type: ActionType | '') => type !== '' && OPTION_ACTION_TYPES.includes(type);

/** Field errors and per-option errors from the schema's issues. */
export function splitIssues(issues: readonly z.core.$ZodIssue[]) {
  const rows: OptionErrors = [];
  const rest = issues.filter((issue) => {
    const [field, index, label] = issue.path;
    if (field !== 'options' || typeof index !== 'number' || (label !== 'labelEn' && label !== 'labelAr')) return true;
    rows[index] = { ...rows[index], [label]: rows[index]?.[label] ?? issue.message };
    return false;
  });
  return { errors: issuesToErrors<ActionFormValues>(rest), rows };
}

/** The rules worth keeping: of answers the action has, and saying something. */
function rulesToSend(rules: AnswerRules, keys: readonly string[]): AnswerRules {
  return Object.fromEntries(
    Object.entries(rules).filter(
      ([key, rule]) => keys.includes(key) && (rule.score !== null || rule.na || rule.photoRequired || rule.noteRequired || rule.flag),
    ),
  );
}

export function ActionForm({ taskId, sections = [], defaultSectionId = null, action, onSaved, onCancel }: ActionFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const types = useActionTypesQuery();
  const save = useSaveAction(taskId);
  const form = useFormState<ActionFormValues>({
    nameEn: action?.nameEn ?? '',
    nameAr: action?.nameAr ?? '',
    descriptionEn: action?.descriptionEn ?? '',
    descriptionAr: action?.descriptionAr ?? '',
    type: action?.type ?? '',
    options: action?.options.length ? action.options : [],
    required: action?.required ?? true,
    tagIds: action?.tags.map((tag) => String(tag.id)) ?? [],
    scoring: {
      sectionId: action ? (action.sectionId == null ? null : String(action.sectionId)) : defaultSectionId === null ? null : String(defaultSectionId),
      weight: action?.weight ?? 1,
      settings: action?.settings ?? DEFAULT_SETTINGS,
      rules: action?.rules ?? {},
    },
  });
  const { values } = form;
  const [rowErrors, setRowErrors] = useState<OptionErrors>([]);
  const [image, setImage] = useState(() => keptImage(action?.image ?? null));

  const typeOptions = useMemo(
    () => (types.data ?? []).map((type) => ({ value: type.type, label: localizedName(type, language) || type.type })),
    [types.data, language],
  );

  const chooseType = (type: ActionType | '') => {
    form.setValue('type', type);
    // A choice type starts with the two options it needs.
    if (isChoice(type) && values.options.length < MIN_OPTIONS) {
      form.setValue('options', [...values.options, ...Array.from({ length: MIN_OPTIONS - values.options.length }, emptyOption)]);
    }
  };

  const showIssues = (issues: readonly z.core.$ZodIssue[]) => {
    const split = splitIssues(issues);
    form.setErrors(split.errors);
    setRowErrors(split.rows);
  };

  const finish = (saving: Promise<Action>) => {
    form.setErrors({});
    setRowErrors([]);
    saving.then((saved) => save.saveImage(saved, image)).then(onSaved, form.showFieldErrors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      nameEn: values.nameEn,
      nameAr: values.nameAr,
      descriptionEn: values.descriptionEn,
      descriptionAr: values.descriptionAr,
      type: values.type,
      // Options belong to choice types only; rows left over from another type are not sent.
      options: isChoice(values.type) ? values.options : [],
      required: values.required,
      sectionId: values.scoring.sectionId === null ? null : Number(values.scoring.sectionId),
      weight: values.scoring.weight,
      settings: values.scoring.settings,
      rules:
        values.type === ''
          ? {}
          : rulesToSend(values.scoring.rules, ruleKeysFor(values.type, isChoice(values.type) ? values.options.length : 0, values.scoring.settings)),
    };
    const tagIds = values.tagIds.map(Number);
    if (action) {
      const parsed = actionUpdateRequest.safeParse(input);
      if (parsed.success) finish(save.change(action, parsed.data, tagIds));
      else showIssues(parsed.error.issues);
    } else {
      const parsed = actionRequest.safeParse({ ...input, taskId, tagIds });
      if (parsed.success) finish(save.add(parsed.data));
      else showIssues(parsed.error.issues);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('tasks.actionForm.eitherName')}
        </Text>
        <BilingualFields
          values={values}
          onChange={(field, value) => {
            form.setValue(field, value);
            if (field === 'nameAr') form.setErrors(withoutEitherNameError);
          }}
          errorOf={form.error}
          nameLabel={{ en: t('tasks.actionForm.nameEn'), ar: t('tasks.actionForm.nameAr') }}
        />
        <Select
          label={t('tasks.actionForm.type')}
          placeholder={types.isPending ? t('app.loading') : t('tasks.actionForm.typePlaceholder')}
          required
          data={typeOptions}
          value={values.type || null}
          onChange={(value) => chooseType((value ?? '') as ActionType | '')}
          error={form.error('type') ?? (types.isError ? t('messages.fetchActionTypesFailed') : undefined)}
          comboboxProps={{ withinPortal: true }}
          allowDeselect={false}
        />
        {isChoice(values.type) ? (
          <ActionOptionsField
            options={values.options}
            onChange={(options) => {
              form.setValue('options', options);
              setRowErrors([]);
            }}
            rowErrors={rowErrors}
            error={form.errors.options}
          />
        ) : null}
        <Switch
          label={t('tasks.actionForm.required')}
          description={t('tasks.actionForm.requiredHint')}
          checked={values.required}
          onChange={(event) => form.setValue('required', event.currentTarget.checked)}
        />
        {values.type === 'INSTRUCTION' ? (
          <InstructionImageField
            value={image}
            onChange={setImage}
            name={(language === 'ar' ? values.nameAr || values.nameEn : values.nameEn || values.nameAr).trim()}
          />
        ) : null}
        {values.type !== 'INSTRUCTION' ? (
          <ActionScoringFields
            type={values.type}
            options={values.options}
            sections={sections}
            values={values.scoring}
            onChange={(scoring) => form.setValue('scoring', scoring)}
            errorOf={(field) => {
              // The schema names the first part of the path ("settings", "rules", "weight").
              const message = (form.errors as Record<string, string | undefined>)[field.split('.')[0] ?? field];
              return message ? translateMessage(message) : undefined;
            }}
          />
        ) : null}
        <TagMultiSelect label={t('tasks.actionForm.tags')} {...form.field('tagIds')} />
        <FormActions submitLabel={action ? t('actions.saveChanges') : t('tasks.actionForm.add')} pending={save.pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
