// POST /services/workflow/api/v1/tags: a new tag, refused past 3 or when its name exists.
import { useMutation } from '@tanstack/react-query';
import type { Tag, TagRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { useTagsChanged } from './tags-changed.ts';

export const createTagMutationKey = ['tags', 'create'] as const;

export const createTag = (body: TagRequest) => api.post<Tag>('/v1/tags', body, { base: 'workflow' });

export function useCreateTagMutation() {
  const tagsChanged = useTagsChanged();
  return useMutation({ mutationKey: createTagMutationKey, mutationFn: createTag, onSuccess: tagsChanged });
}
