// GET /api/v1/mail/outbox?page=&size= (owners and admins): the e-mails the app sent, or keeps when
// no mail server is set, newest first, with the total from X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@fieldops/shared/notifications';
import { DEFAULT_PAGE_SIZE } from '@fieldops/shared/limits';
import { api } from '../../../lib/api-client.ts';
import { systemKeys } from './system-keys.ts';

export const getOutbox = (page: number, size: number, signal?: AbortSignal) => api.list<OutboxMessage>('/v1/mail/outbox', { params: { page, size }, signal });

export function useOutboxQuery(page: number, size = DEFAULT_PAGE_SIZE) {
  return useQuery({
    queryKey: systemKeys.outboxPage(page, size),
    queryFn: ({ signal }) => getOutbox(page, size, signal),
    placeholderData: keepPreviousData,
  });
}
