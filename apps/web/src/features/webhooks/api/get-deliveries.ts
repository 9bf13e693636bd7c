// GET /api/v1/webhooks/{id}/deliveries (paged, newest first, X-Total-Count): each delivery with its
// attempts. Read again every few seconds while one is still being sent.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@fieldops/shared/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

export const DELIVERIES_PAGE_SIZE = 20;

export const getDeliveries = (endpointId: number, page: number, signal?: AbortSignal) =>
  api.list<WebhookDelivery>(`/v1/webhooks/${endpointId}/deliveries`, { params: { page, size: DELIVERIES_PAGE_SIZE }, signal });

export function useDeliveriesQuery(endpointId: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId, page),
    queryFn: ({ signal }) => getDeliveries(endpointId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 3000 : false),
  });
}
