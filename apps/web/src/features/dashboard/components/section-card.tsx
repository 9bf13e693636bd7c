// A dashboard section that has no data yet: its title and an empty state.
import type { ReactNode } from 'react';
import { Card, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state.tsx';

interface SectionCardProps {
  id: string;
  title: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: string;
}

export function SectionCard({ id, title, icon, emptyTitle, emptyText }: SectionCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id} h="100%">
      <Title order={2} fz="h4" id={id} mb="xs">
        {title}
      </Title>
      <EmptyState icon={icon} title={emptyTitle} description={emptyText} />
    </Card>
  );
}
