// A chain rule in words for the task's editors: "Shown when 'Is anything damaged?' is answered
// Yes". The base action is given directly, so template rules (which name their base by position)
// read the same way.
import type { TFunction } from 'i18next';
import type { ActionType, ActionVisibility } from '@fieldops/shared/enums';
import type { ActionOption } from '@fieldops/shared/tasks';
import { optionLabel } from '../../../../components/task-runner/answer-input.tsx';
import type { Language } from '../../../../lib/i18n/language.ts';
import { localizedName, type BilingualName } from '../../../../lib/localized.ts';

export interface RuleBase extends BilingualName {
  type: ActionType;
  options: ActionOption[];
}

/** The words for a rule's expected answer: Yes or No, or the option's label. */
export function ruleAnswerText(base: RuleBase, answer: string, t: TFunction, language: Language): string {
  if (base.type === 'YES_NO') return answer === 'YES' ? t('tasks.rule.yes') : t('tasks.rule.no');
  const option = base.options[Number(answer)];
  return option ? optionLabel(option, language) : answer;
}

export function ruleSentence(rule: { answer: string; visibility: ActionVisibility }, base: RuleBase | undefined, t: TFunction, language: Language): string {
  if (!base) return t('tasks.rule.missingBase');
  return t(`tasks.rule.sentence.${rule.visibility}`, {
    base: localizedName(base, language) || t('tasks.untitledAction'),
    answer: ruleAnswerText(base, rule.answer, t, language),
  });
}
