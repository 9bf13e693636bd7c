// The translation key of a webhook event's readable name ("ticket.created" → webhooks.event.ticket_created).
export const eventKey = (kind: string) => `webhooks.event.${kind.replace(/\./g, '_')}`;
