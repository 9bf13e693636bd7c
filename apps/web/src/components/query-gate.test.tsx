import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { renderWithProviders } from '../test/render.tsx';
import { QueryGate } from './query-gate.tsx';

const queryOf = (state: Partial<UseQueryResult<{ name: string }>>) =>
  ({ isPending: false, isError: false, data: undefined, error: null, refetch: vi.fn(), ...state }) as unknown as UseQueryResult<{ name: string }>;

const gate = (query: UseQueryResult<{ name: string }>, valid = true) =>
  renderWithProviders(
    <QueryGate query={query} valid={valid} notFound errorTitle="Project" fallbackKey="fetchProjectFailed">
      {(data) => <p>Loaded {data.name}</p>}
    </QueryGate>,
  );

describe('QueryGate', () => {
  it('shows the page once the data is there', () => {
    gate(queryOf({ data: { name: 'Tower A' } }));
    expect(screen.getByText('Loaded Tower A')).toBeInTheDocument();
  });

  it('shows the not-found page for an invalid id, whatever the query', () => {
    gate(queryOf({ data: { name: 'Tower A' } }), false);
    expect(screen.queryByText('Loaded Tower A')).not.toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
  });

  it("shows the status's own text under the title and 'Sorry! Something went wrong', and retries", async () => {
    const refetch = vi.fn();
    gate(queryOf({ isError: true, error: new ApiError({ status: 503, userMessage: 'Service unavailable. Check back shortly.' }), refetch }));
    expect(screen.getByRole('heading', { name: 'Project' })).toBeInTheDocument();
    expect(screen.getByText('Sorry! Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable. Check back shortly.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('offers no Try Again after a definite refusal, and shows the not-found page for a 404', () => {
    const { unmount } = gate(
      queryOf({ isError: true, error: new ApiError({ status: 403, userMessage: 'Access denied. Contact support if needed.' }), refetch: vi.fn() }),
    );
    expect(screen.getByText('Access denied. Contact support if needed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    unmount();
    gate(queryOf({ isError: true, error: new ApiError({ status: 404, userMessage: 'Page not found. Please try again.' }), refetch: vi.fn() }));
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it("names a failure of a status the catalogue does not name 'Unexpected error' (spec §8), with Try Again", () => {
    gate(queryOf({ isError: true, error: new ApiError({ status: 418, userMessage: 'Unexpected error' }), refetch: vi.fn() }));
    expect(screen.getByText('Unexpected error')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch project')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
