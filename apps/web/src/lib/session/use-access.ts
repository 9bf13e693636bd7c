// What the signed-in user may change (DESIGN §4): owners and admins everything in the business,
// a site supervisor the members of the sites they supervise, everyone else only reads. The
// server enforces the same rules; the screens hide what a role cannot do.
import { useMemo } from 'react';
import { useSession } from './session-context.ts';

export interface Access {
  /** OWNER or ADMIN of the business. */
  isAdmin: boolean;
  isOwner: boolean;
  /** Whether the user may assign, invite, remove and transfer the members of a site. */
  canManageSite: (siteId: number) => boolean;
  /** True when the user manages the members of at least one site. */
  managesAnySite: boolean;
  /** Whether the user may create, change and delete tasks, their actions and templates. */
  canManageTasks: boolean;
}

export function useAccess(): Access {
  const { role, teams } = useSession();
  return useMemo(() => {
    const isAdmin = role === 'OWNER' || role === 'ADMIN';
    const supervised = new Set(teams.filter((team) => team.authority === 'SUPERVISOR').map((team) => team.id));
    return {
      isAdmin,
      isOwner: role === 'OWNER',
      canManageSite: (siteId: number) => isAdmin || supervised.has(siteId),
      managesAnySite: isAdmin || supervised.size > 0,
      // Supervisors build the checklists their sites run, so any supervised site is enough.
      canManageTasks: isAdmin || supervised.size > 0,
    };
  }, [role, teams]);
}
