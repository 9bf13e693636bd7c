// The chain rule of one action, read as a sentence: "If the answer to [earlier action] is
// [answer] then show this action as [Display | Dim | Hidden]". The rule is kept on this (target)
// action and names an earlier yes/no or choice action; it can also be removed.
import { useMemo, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACTION_VISIBILITIES, type ActionVisibility } from '@fieldops/shared/enums';
import { actionCriteria, ruleAnswersFor, type Action, type ActionCriteria } from '@fieldops/shared/tasks';
import { currentLanguage } from '../../../../lib/i18n/i18n.ts';
import { errorMessage, translateMessage } from '../../../../lib/i18n/translate-message.ts';
import { localizedName } from '../../../../lib/localized.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateActionCriteriaMutation } from '../../api/update-action-criteria.ts';
import { ruleAnswerText } from './rule-text.ts';

/** The actions before `action` whose answers a rule can follow. */
export function ruleBasesFor(action: Action, actions: readonly Action[]): Action[] {
  const position = actions.findIndex((item) => item.id === action.id);
  return actions.slice(0, Math.max(position, 0)).filter((item) => ruleAnswersFor(item.type, item.options.length).length > 0);
}

interface ChainRuleModalProps {
  taskId: number;
  action: Action | null;
  actions: readonly Action[];
  onClose: () => void;
}

export function ChainRuleModal({ taskId, action, actions, onClose }: ChainRuleModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={action !== null} onClose={onClose} title={t('tasks.rule.title')} size="lg" centered>
      {action ? <ChainRuleForm taskId={taskId} action={action} actions={actions} onClose={onClose} /> : null}
    </Modal>
  );
}

function ChainRuleForm({ taskId, action, actions, onClose }: ChainRuleModalProps & { action: Action }) {
  const { t, i18n } = useTranslation();
  const save = useUpdateActionCriteriaMutation(taskId);
  const bases = useMemo(() => ruleBasesFor(action, actions), [action, actions]);
  const send = (criteria: ActionCriteria | null) =>
    save.mutate(
      { actionId: action.id, body: { criteria } },
      {
        onSuccess: () => {
          notifySuccess(t(criteria ? 'tasks.rule.saved' : 'tasks.rule.removed'));
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error), t('messages.updateActionCriteriaFailed')),
      },
    );
  return (
    <RuleForm
      intro={t('tasks.rule.intro', { name: localizedName(action, currentLanguage(i18n)) || t('tasks.untitledAction') })}
      bases={bases}
      current={action.criteria}
      onSave={send}
      pending={save.isPending}
      onClose={onClose}
      idSuffix={`action-${action.id}`}
    />
  );
}

interface RuleFormProps {
  /** What the rule governs, in a sentence. */
  intro: string;
  /** The earlier actions whose answers the rule may follow. */
  bases: readonly Action[];
  current: ActionCriteria | null;
  onSave: (criteria: ActionCriteria | null) => void;
  pending: boolean;
  onClose: () => void;
  idSuffix: string;
}

/** A chain rule as a sentence, for an action or a whole section. */
export function RuleForm({ intro, bases, current, onSave, pending, onClose, idSuffix }: RuleFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [baseId, setBaseId] = useState<string>(current ? String(current.condition.baseActionId) : '');
  const [answer, setAnswer] = useState<string>(current?.condition.answer ?? '');
  const [visibility, setVisibility] = useState<ActionVisibility>(current?.visibility ?? 'DISPLAY');
  const [problem, setProblem] = useState<string | null>(null);

  const base = bases.find((item) => String(item.id) === baseId);
  const answerOptions = base ? ruleAnswersFor(base.type, base.options.length).map((value) => ({ value, label: ruleAnswerText(base, value, t, language) })) : [];

  const submit = () => {
    if (!base || !answer) {
      setProblem(t('tasks.rule.incomplete'));
      return;
    }
    const parsed = actionCriteria.safeParse({ condition: { baseActionId: base.id, answer }, visibility });
    if (!parsed.success) {
      setProblem(translateMessage(parsed.error.issues[0]?.message));
      return;
    }
    setProblem(null);
    onSave(parsed.data);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <Select
        label={t('tasks.rule.ifAnswerTo')}
        placeholder={t('tasks.rule.chooseBase')}
        data={bases.map((item) => ({ value: String(item.id), label: localizedName(item, language) || t('tasks.untitledAction') }))}
        value={baseId || null}
        onChange={(value) => {
          setBaseId(value ?? '');
          setAnswer('');
          setProblem(null);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('tasks.rule.is')}
        placeholder={t('tasks.rule.chooseAnswer')}
        data={answerOptions}
        value={answer || null}
        onChange={(value) => {
          setAnswer(value ?? '');
          setProblem(null);
        }}
        disabled={!base}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`rule-visibility-${idSuffix}`}>
          {t('tasks.rule.thenShowAs')}
        </Text>
        <SegmentedControl
          aria-labelledby={`rule-visibility-${idSuffix}`}
          value={visibility}
          onChange={(value) => setVisibility(value as ActionVisibility)}
          data={ACTION_VISIBILITIES.map((value) => ({ value, label: t(`tasks.rule.visibility.${value}`) }))}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {t(`tasks.rule.visibilityHint.${visibility}`)}
        </Text>
      </Stack>
      {problem ? (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group justify="space-between" gap="sm">
        {current ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onSave(null)} loading={pending}>
            {t('tasks.rule.remove')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={pending} leftSection={<IconDeviceFloppy size={16} />}>
            {t('tasks.rule.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
