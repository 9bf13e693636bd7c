// PUT /services/workflow/api/v1/tags/{id}: renames a tag; needs the tag's id.
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@fieldops/shared/messages';
import type { Tag, TagRequest } from '@fieldops/shared/tasks';
import { api } from '../../../lib/api-client.ts';
import { useTagsChanged } from './tags-changed.ts';
import { requireTagId } from './tag-id-guard.ts';

export const updateTagMutationKey = ['tags', 'update'] as const;

export const updateTag = async ({ tagId, body }: { tagId: number | null | undefined; body: TagRequest }) =>
  api.put<Tag>(`/v1/tags/${requireTagId(tagId, MSG.tagIdRequiredUpdate)}`, body, { base: 'workflow' });

export function useUpdateTagMutation() {
  const tagsChanged = useTagsChanged();
  return useMutation({ mutationKey: updateTagMutationKey, mutationFn: updateTag, onSuccess: tagsChanged });
}
