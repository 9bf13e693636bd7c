// Addresses of the ticket screens.
export const TICKETS_PATH = '/tickets';
export const ticketPath = (ticketId: number) => `${TICKETS_PATH}/${ticketId}`;
