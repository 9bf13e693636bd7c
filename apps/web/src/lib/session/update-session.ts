// Puts a changed business or its lookups into the loaded session at once (the header shows the
// new name and logo right away), then loads the whole session again in the background.
import type { QueryClient } from '@tanstack/react-query';
import type { Business, Lookups } from '@fieldops/shared/account';
import { businessQueryKey } from './api/get-business.ts';
import { lookupsQueryKey } from './api/get-lookups.ts';
import { managedProfileQueryKey } from './api/get-managed-profile.ts';
import type { Session } from './types.ts';
import { sessionQueryKey } from './use-session-query.ts';

function patchSession(queryClient: QueryClient, patch: (session: Session) => Session) {
  queryClient.setQueryData<Session>(sessionQueryKey, (session) => (session ? patch(session) : session));
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export function setSessionBusiness(queryClient: QueryClient, business: Business): void {
  queryClient.setQueryData(businessQueryKey(business.id), business);
  queryClient.setQueryData(managedProfileQueryKey, { managedProfile: business.managedProfile });
  patchSession(queryClient, (session) => ({ ...session, business, managedProfile: business.managedProfile }));
}

export function setSessionLookups(queryClient: QueryClient, apiKey: string, lookups: Lookups): void {
  queryClient.setQueryData(lookupsQueryKey(apiKey), lookups);
  patchSession(queryClient, (session) => ({ ...session, lookups }));
}
