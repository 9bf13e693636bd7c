// The API tokens feature's query keys: the list's pages.
const all = ['api-tokens'] as const;

export const apiTokenKeys = {
  all,
  list: (page: number, size: number) => [...all, 'list', { page, size }] as const,
};
