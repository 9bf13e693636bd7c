// GET /api/v1/api-tokens (owners and admins, paged, X-Total-Count): the business's API tokens,
// newest first, with their first characters, scopes, expiry, last use and state.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiToken } from '@fieldops/shared/api-tokens';
import { api } from '../../../lib/api-client.ts';
import { apiTokenKeys } from './api-token-keys.ts';

export const API_TOKENS_PAGE_SIZE = 20;

export const getApiTokens = (page: number, size: number, signal?: AbortSignal) => api.list<ApiToken>('/v1/api-tokens', { params: { page, size }, signal });

export function useApiTokensQuery(page: number, size = API_TOKENS_PAGE_SIZE) {
  return useQuery({ queryKey: apiTokenKeys.list(page, size), queryFn: ({ signal }) => getApiTokens(page, size, signal), placeholderData: keepPreviousData });
}
