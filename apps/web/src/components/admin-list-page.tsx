// A settings page that lists what owners and admins manage (API tokens, webhooks, kiosks): the
// title, with a "new" button, then the list for owners and admins and a line saying so to
// everyone else, who never read it. The list goes through AdminListGate: loading, an error with a
// way to try again, and an empty state that offers the same "new" button, before its page of data.
import type { ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useAccess } from '../lib/session/use-access.ts';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';
import { QueryGate, type GatedQuery } from './query-gate.tsx';

interface NewAction {
  /** The "new" button's words. */
  newLabel: string;
  onNew: () => void;
}

function NewButton({ newLabel, onNew }: NewAction) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
      {newLabel}
    </Button>
  );
}

interface AdminListPageProps extends NewAction {
  title: string;
  description: string;
  /** What those who are neither owner nor admin read instead of the list. */
  adminsOnly: string;
  /** The list, drawn for owners and admins only. */
  children: ReactNode;
}

export function AdminListPage({ title, description, adminsOnly, newLabel, onNew, children }: AdminListPageProps) {
  const { isAdmin } = useAccess();
  return (
    <>
      <PageHeader title={title} description={description} actions={isAdmin ? <NewButton newLabel={newLabel} onNew={onNew} /> : undefined} />
      {isAdmin ? children : <Text c="dimmed">{adminsOnly}</Text>}
    </>
  );
}

interface AdminListGateProps<T extends { total: number }> extends NewAction {
  /** A page of the list with the number of all its items. */
  query: GatedQuery<T>;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyText: string;
  children: (result: T) => ReactNode;
}

export function AdminListGate<T extends { total: number }>({ query, emptyIcon, emptyTitle, emptyText, newLabel, onNew, children }: AdminListGateProps<T>) {
  return (
    <QueryGate
      query={query}
      fallbackKey="unknownError"
      isEmpty={(result) => result.total === 0}
      empty={<EmptyState withCard icon={emptyIcon} title={emptyTitle} description={emptyText} action={<NewButton newLabel={newLabel} onNew={onNew} />} />}
    >
      {children}
    </QueryGate>
  );
}
