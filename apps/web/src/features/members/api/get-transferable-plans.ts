// The execution plans a member has in a site, which a transfer can carry to the new site.
// Execution plans are scheduled by the workflow service
// (GET /services/workflow/api/v1/execution-plans/teams/{teamId}/users/{userId}); until it
// schedules plans for members, a member has none to carry and the transfer goes without plans.
export interface TransferablePlan {
  id: number;
  /** The task the plan schedules. */
  name: string;
  /** "HH:mm" in the business's time zone. */
  startTime: string;
  endTime: string;
}

export function useTransferablePlans(_teamId: number | null, _userId: number): { plans: TransferablePlan[]; isPending: boolean } {
  return { plans: [], isPending: false };
}
