// GET /api/v1/webhooks (owners and admins, paged, X-Total-Count): the business's endpoints, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@fieldops/shared/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

export const WEBHOOKS_PAGE_SIZE = 20;

export const getWebhooks = (page: number, size: number, signal?: AbortSignal) => api.list<WebhookEndpoint>('/v1/webhooks', { params: { page, size }, signal });

export function useWebhooksQuery(page: number, size = WEBHOOKS_PAGE_SIZE) {
  return useQuery({ queryKey: webhookKeys.list(page, size), queryFn: ({ signal }) => getWebhooks(page, size, signal), placeholderData: keepPreviousData });
}
