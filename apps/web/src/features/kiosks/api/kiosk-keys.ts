// The kiosks feature's query keys: the kiosk list's pages and each kiosk's sign-ins.
const all = ['kiosks'] as const;

export const kioskKeys = {
  all,
  list: (page: number, size: number) => [...all, 'list', { page, size }] as const,
  signIns: (kioskId: number, page: number) => [...all, 'sign-ins', kioskId, { page }] as const,
};
