// The changes to endpoints: POST /api/v1/webhooks (201, with the secret), PATCH and DELETE
// /api/v1/webhooks/{id}, POST …/rotate-secret (the new secret), GET …/secret (reveal), POST
// …/enable, POST …/test (202) and POST …/deliveries/{deliveryId}/resend (202). Each reads the
// list (and the deliveries) again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookRequest, UpdateWebhookRequest, WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '@fieldops/shared/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

export const createWebhook = (body: CreateWebhookRequest) => api.post<WebhookWithSecret>('/v1/webhooks', body);
export const updateWebhook = ({ id, body }: { id: number; body: UpdateWebhookRequest }) => api.patch<WebhookEndpoint>(`/v1/webhooks/${id}`, body);
export const deleteWebhook = (id: number) => api.delete(`/v1/webhooks/${id}`);
export const rotateWebhookSecret = (id: number) => api.post<WebhookWithSecret>(`/v1/webhooks/${id}/rotate-secret`);
export const revealWebhookSecret = (id: number) => api.get<{ secret: string }>(`/v1/webhooks/${id}/secret`);
export const enableWebhook = (id: number) => api.post<WebhookEndpoint>(`/v1/webhooks/${id}/enable`);
export const testWebhook = (id: number) => api.post<WebhookDelivery>(`/v1/webhooks/${id}/test`);
export const resendDelivery = ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
  api.post<WebhookDelivery>(`/v1/webhooks/${endpointId}/deliveries/${deliveryId}/resend`);

function useWebhookMutation<A, R>(name: string, fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, name],
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhookMutation = () => useWebhookMutation('create', createWebhook);
export const useUpdateWebhookMutation = () => useWebhookMutation('update', updateWebhook);
export const useDeleteWebhookMutation = () => useWebhookMutation('delete', deleteWebhook);
export const useRotateSecretMutation = () => useWebhookMutation('rotate', rotateWebhookSecret);
export const useRevealSecretMutation = () => useMutation({ mutationKey: [...webhookKeys.all, 'reveal'], mutationFn: revealWebhookSecret });
export const useEnableWebhookMutation = () => useWebhookMutation('enable', enableWebhook);
export const useTestWebhookMutation = () => useWebhookMutation('test', testWebhook);
export const useResendDeliveryMutation = () => useWebhookMutation('resend', resendDelivery);
