// DELETE /services/workflow/api/v1/tags/{id}: removes a tag from the business and from the
// actions using it; needs the tag's id.
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@fieldops/shared/messages';
import { api } from '../../../lib/api-client.ts';
import { useTagsChanged } from './tags-changed.ts';
import { requireTagId } from './tag-id-guard.ts';

export const deleteTagMutationKey = ['tags', 'delete'] as const;

export const deleteTag = async (tagId: number | null | undefined) =>
  api.delete(`/v1/tags/${requireTagId(tagId, MSG.tagIdRequiredDelete)}`, { base: 'workflow' });

export function useDeleteTagMutation() {
  const tagsChanged = useTagsChanged();
  return useMutation({ mutationKey: deleteTagMutationKey, mutationFn: deleteTag, onSuccess: tagsChanged });
}
