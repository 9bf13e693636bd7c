// A table's scroll container: from the small breakpoint up the table keeps a minimum width and
// scrolls sideways when needed; on phones the table shows fewer columns and fits the screen.
import type { ReactNode } from 'react';
import { Table, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export function useWideScreen(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false }) ?? true;
}

export function ResponsiveTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const wide = useWideScreen();
  return <Table.ScrollContainer minWidth={wide ? minWidth : 0}>{children}</Table.ScrollContainer>;
}
