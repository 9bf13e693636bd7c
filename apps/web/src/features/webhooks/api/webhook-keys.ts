// The webhooks feature's query keys: the endpoint list's pages and each endpoint's deliveries.
const all = ['webhooks'] as const;

export const webhookKeys = {
  all,
  list: (page: number, size: number) => [...all, 'list', { page, size }] as const,
  deliveries: (endpointId: number, page: number) => [...all, 'deliveries', endpointId, { page }] as const,
};
