// The Transfer tab's state: the step, the two sites, whether and which plans go along, and the
// plans carried once the member moved. One reducer, so each change keeps the rest consistent (a
// new source site drops the plans chosen from the old one).
import { MSG } from '@fieldops/shared/messages';
import type { TransferablePlan } from '../api/get-transferable-plans.ts';

export type TransferStep = 0 | 1 | 2;
export type PlanChoice = 'with' | 'without';

export interface SitesErrors {
  from?: string;
  to?: string;
}

export interface TransferState {
  step: TransferStep;
  from: string | null;
  to: string | null;
  errors: SitesErrors;
  choice: PlanChoice;
  selected: string[];
  /** The plans that moved with the member, for the schedule follow-up. */
  carried: TransferablePlan[];
}

export type TransferEvent =
  | { type: 'from'; value: string | null }
  | { type: 'to'; value: string | null }
  | { type: 'next' }
  | { type: 'step'; step: TransferStep }
  | { type: 'choice'; choice: PlanChoice }
  | { type: 'selected'; selected: string[] }
  | { type: 'transferred'; carried: TransferablePlan[] }
  | { type: 'restart' };

/** The first step is complete when both sites are chosen and differ. */
export function checkSites(from: string | null, to: string | null): SitesErrors {
  const errors: SitesErrors = {};
  if (!from) errors.from = MSG.required;
  if (!to) errors.to = MSG.required;
  if (from && to && from === to) errors.to = MSG.sameSite;
  return errors;
}

export const initialTransfer = (from: string | null): TransferState => ({
  step: 0,
  from,
  to: null,
  errors: {},
  choice: 'without',
  selected: [],
  carried: [],
});

export function transferReducer(state: TransferState, event: TransferEvent): TransferState {
  switch (event.type) {
    case 'from':
      // Plans belong to the source site: a new source starts without a choice.
      return { ...state, from: event.value, selected: [], choice: 'without', errors: { ...state.errors, from: undefined } };
    case 'to':
      return { ...state, to: event.value, errors: { ...state.errors, to: undefined } };
    case 'next': {
      const errors = checkSites(state.from, state.to);
      return { ...state, errors, step: !errors.from && !errors.to ? 1 : state.step };
    }
    case 'step':
      // Once the member has moved, the earlier steps are done with.
      return state.step < 2 ? { ...state, step: event.step } : state;
    case 'choice':
      return { ...state, choice: event.choice };
    case 'selected':
      return { ...state, selected: event.selected };
    case 'transferred':
      return { ...state, carried: event.carried, step: 2 };
    case 'restart':
      return initialTransfer(null);
  }
}
