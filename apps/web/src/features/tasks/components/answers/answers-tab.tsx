// The Answers tab of a task: 'Answers needing attention' and 'Recent submitted actions', with
// one answer open in the detail drawer (?answer=id, so a link opens the same answer).
import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { ActionResult } from '@fieldops/shared/answers';
import { AnswerDetailDrawer } from '../../../../components/answer-view/answer-detail-drawer.tsx';
import { useSearchParam } from '../../../../lib/url-state.ts';
import { AnswerList } from './answer-list.tsx';
import { FlaggedAnswers } from './flagged-answers.tsx';

export function AnswersTab({ taskId }: { taskId: number }) {
  const [raw, setAnswerParam] = useSearchParam('answer');
  const answerId = /^\d+$/.test(raw) ? Number(raw) : null;
  const [known, setKnown] = useState<ActionResult | null>(null);

  const open = (answer: ActionResult) => {
    setKnown(answer);
    setAnswerParam(String(answer.id), false);
  };

  return (
    <Stack gap="xl">
      <FlaggedAnswers taskId={taskId} onOpen={open} />
      <AnswerList kind="recent" taskId={taskId} onOpen={open} />
      <AnswerDetailDrawer answerId={answerId} answer={known} onClose={() => setAnswerParam(null, false)} />
    </Stack>
  );
}
