// PUT /services/workflow/api/v1/tasks/{taskId}/layout: the whole task after a move in the builder,
// sections in order, each with its actions. The new layout shows at once; a refusal (a rule would
// point forwards) puts the one before back. Either way the task is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action, Section, TaskWithActions } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { taskKeys } from './task-keys.ts';

/** The layout as sent (LayoutRequest): the part before any section first, then each section. */
export interface Layout {
  groups: { sectionId: number | null; actionIds: number[] }[];
}

export const updateLayoutMutationKey = ['tasks', 'layout'] as const;

export const updateLayout = ({ taskId, body }: { taskId: number; body: Layout }) =>
  api.put<{ sections: Section[]; actions: Action[] }>(`/v1/tasks/${taskId}/layout`, body, { base: 'workflow' });

/** The task as the layout puts it: its sections in the layout's order, its actions in theirs. */
export function taskInLayout(task: TaskWithActions, body: Layout): TaskWithActions {
  const actionsById = new Map(task.actions.map((action) => [action.id, action]));
  const sectionsById = new Map((task.sections ?? []).map((section) => [section.id, section]));
  const actions = body.groups.flatMap((group) =>
    group.actionIds.flatMap((id) => {
      const action = actionsById.get(id);
      return action ? [{ ...action, sectionId: group.sectionId }] : [];
    }),
  );
  const sections = body.groups.flatMap((group, index) => {
    const section = group.sectionId === null ? undefined : sectionsById.get(group.sectionId);
    return section ? [{ ...section, order: index }] : [];
  });
  return { ...task, sections, actions: actions.map((action, index) => ({ ...action, order: index + 1 })) };
}

export function useUpdateLayoutMutation(task: TaskWithActions) {
  const queryClient = useQueryClient();
  const key = taskKeys.detail(task.id);
  return useMutation({
    mutationKey: updateLayoutMutationKey,
    mutationFn: (body: Layout) => updateLayout({ taskId: task.id, body }),
    onMutate: (body) => {
      const previous = queryClient.getQueryData<TaskWithActions>(key);
      queryClient.setQueryData<TaskWithActions>(key, taskInLayout(task, body));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
