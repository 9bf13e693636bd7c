// The session's avatars and logo are signed links that expire: the session is read again every
// FILE_LINK_BUCKET_MS, so a page left open shows fresh links.
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { FILE_LINK_BUCKET_MS } from '@fieldops/shared/limits';
import { createQueryClient } from '../query-client.ts';
import { sessionAnswer, stubFetch } from '../../test/session.tsx';
import { useSessionQuery } from './use-session-query.ts';

const signed = (n: number) => `/api/files/0123456789abcdef0123456789abcdef.png?expires=${n}&signature=s${n}`;
let reads = 0;
const answers = (path: string): unknown => {
  switch (path) {
    case '/api/v1/account':
      reads++;
      return {
        id: 7,
        username: 'nada',
        fullName: 'Nada Saleh',
        email: 'nada@example.com',
        avatar: signed(reads),
        countryCode: null,
        phone: null,
        bio: null,
        mustChangePassword: false,
        businessIdentities: [{ businessId: 2, businessName: 'Acme', apiKey: 'key-2', defaultBusiness: true, role: 'OWNER' }],
      };
    case '/api/users/7':
      return { userId: 7, fullName: 'Nada Saleh', username: 'nada', email: 'nada@example.com', teams: [], avatar: null };
    case '/api/v1/businesses/2':
      return {
        id: 2,
        name: 'Acme',
        colour: '#0ca678',
        logo: null,
        ownershipType: 'OWNER',
        apiKey: 'key-2',
        timeZone: 'Asia/Riyadh',
        industryId: null,
        managedProfile: false,
      };
    case '/api/v1/business/config/api-key/key-2/lookup':
      return { projectTypes: [], teamTypes: [] };
    case '/api/v1/business/config/managed-profile':
      return { managedProfile: false };
    case '/api/v1/teams':
    case '/api/v1/businesses/2/members':
      return [];
    default:
      return undefined;
  }
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useSessionQuery', () => {
  it('reads the session again every file-link bucket, so its file links stay fresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('id_token', 'tok');
    const { fetchMock } = stubFetch(({ path }) => {
      if (path === '/api/v1/account/session') return sessionAnswer(answers);
      const body = answers(path);
      return body === undefined ? undefined : Response.json(body, { headers: { 'X-Total-Count': '0' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useSessionQuery(), { wrapper });
    await waitFor(() => expect(result.current.data?.account.avatar).toBe(signed(1)));
    await vi.advanceTimersByTimeAsync(FILE_LINK_BUCKET_MS);
    await waitFor(() => expect(result.current.data?.account.avatar).toBe(signed(2)));
  });
});
