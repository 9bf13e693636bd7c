// GET /api/v1/mail/outbox/{id} (owners and admins): one e-mail's HTML and plain text, read when it
// is opened.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { outboxMessageBody } from '@fieldops/shared/notifications';
import { api } from '../../../lib/api-client.ts';
import { systemKeys } from './system-keys.ts';

export type OutboxMessageBody = z.infer<typeof outboxMessageBody>;

export const getOutboxMessage = (id: number, signal?: AbortSignal) => api.get<OutboxMessageBody>(`/v1/mail/outbox/${id}`, { signal });

export function useOutboxMessageQuery(id: number | null) {
  return useQuery({
    queryKey: systemKeys.outboxMessage(id ?? 0),
    queryFn: ({ signal }) => getOutboxMessage(id ?? 0, signal),
    enabled: id !== null,
    // A message's body does not change once written.
    staleTime: Infinity,
  });
}
