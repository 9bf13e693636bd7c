// A table's scroll container: from the small breakpoint up the table keeps a minimum width and
// scrolls sideways when needed; on phones the table shows fewer columns and fits the screen. A
// table that may hold nothing to focus is given a `label`: its scroll area is then a named region
// the keyboard reaches, so it can still be scrolled without a mouse.
import type { ReactNode } from 'react';
import { Table, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

export function useWideScreen(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false }) ?? true;
}

interface ResponsiveTableProps {
  minWidth: number;
  /** The name of the scroll area, for a table whose rows may hold no link, button or input. */
  label?: string;
  children: ReactNode;
}

export function ResponsiveTable({ minWidth, label, children }: ResponsiveTableProps) {
  const wide = useWideScreen();
  const region = label ? { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } } : undefined;
  return (
    <Table.ScrollContainer minWidth={wide ? minWidth : 0} scrollAreaProps={region}>
      {children}
    </Table.ScrollContainer>
  );
}
