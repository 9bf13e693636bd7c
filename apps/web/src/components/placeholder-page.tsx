// A screen whose content comes later: its header and an empty state, never a blank page.
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { EmptyState } from './empty-state.tsx';

interface PlaceholderPageProps {
  title: string;
  description?: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: string;
  actions?: ReactNode;
}

export function PlaceholderPage({ title, description, icon, emptyTitle, emptyText, actions }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <EmptyState withCard icon={icon} title={emptyTitle} description={emptyText} />
    </>
  );
}
