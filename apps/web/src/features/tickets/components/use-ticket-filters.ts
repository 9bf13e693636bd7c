// The tickets' search and filters, read from the address (?q, status, priority, category,
// agent, project, site, SLA) so a link or a reload shows the same tickets.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@fieldops/shared/enums';
import type { TicketFilters } from '../api/get-tickets.ts';

export const FILTER_PARAMS = ['q', 'status', 'priority', 'category', 'agent', 'project', 'site', 'sla'] as const;
const SLA_FILTERS = ['BREACHED', 'DUE_SOON'] as const;

const positiveId = (value: string | null) => {
  const id = Number.parseInt(value ?? '', 10);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((candidate) => candidate === value);

export interface TicketFilterState {
  filters: TicketFilters;
  /** The list's status filter; the board shows every status in its own column. */
  status: TicketStatus | undefined;
  /** Whether anything narrows the tickets (the empty state then says "no match"). */
  narrowed: boolean;
}

export function useTicketFilters(): TicketFilterState {
  const [params] = useSearchParams();
  const key = FILTER_PARAMS.map((name) => params.get(name) ?? '').join('|');
  return useMemo(() => {
    const [q = '', status = '', priority = '', category = '', agent = '', project = '', site = '', sla = ''] = key.split('|');
    const filters: TicketFilters = {
      searchKey: q.trim() || undefined,
      priority: oneOf<TicketPriority>(TICKET_PRIORITIES, priority),
      categoryId: positiveId(category),
      agentId: positiveId(agent),
      projectId: positiveId(project),
      teamId: positiveId(site),
      sla: oneOf(SLA_FILTERS, sla),
    };
    // Undefined filters stay out of query keys and addresses.
    for (const name of Object.keys(filters) as Array<keyof TicketFilters>) {
      if (filters[name] === undefined) delete filters[name];
    }
    const chosenStatus = oneOf<TicketStatus>(TICKET_STATUSES, status);
    return { filters, status: chosenStatus, narrowed: Object.keys(filters).length > 0 || chosenStatus !== undefined };
  }, [key]);
}

/** Removes the search, every filter and the page from the address. */
export function useClearTicketFilters(): () => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of [...FILTER_PARAMS, 'page']) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
