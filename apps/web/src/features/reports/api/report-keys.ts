// The reports feature's query keys: the submissions (under the answers' root, which an unflag or
// a fired ticket refreshes too), the lists the filters pick from, and the links of exports.
import { sharedKeys } from '../../../lib/query-keys.ts';
import type { SubmissionFilters } from '../submission-filters.ts';

const submissions = [...sharedKeys.answers, 'submissions'] as const;

export const reportKeys = {
  submissions,
  submissionsPage: (filters: SubmissionFilters, page: number) => [...submissions, filters, { page }] as const,
  answersMap: (filters: SubmissionFilters) => [...sharedKeys.answers, 'map', filters] as const,
  tasks: [...sharedKeys.taskLists, { purpose: 'report-filter' }] as const,
  tags: sharedKeys.tagList,
  tagActions: (tagId: number) => [...sharedKeys.tags, tagId, 'actions'] as const,
  exportLinks: ['reports', 'export-links'] as const,
  exportLinksPage: (page: number) => ['reports', 'export-links', { page }] as const,
};
