// An SLA report's figures for the reports' tests: five tickets created, three resolved, one late
// of each target.
import type { SlaFigures } from '@fieldops/shared/sla-report';

export const slaFigures = (over: Partial<SlaFigures> = {}): SlaFigures => ({
  created: 5,
  resolved: 3,
  firstResponseMet: 3,
  firstResponseBreached: 1,
  firstResponseMetPercent: 75,
  resolutionMet: 2,
  resolutionBreached: 1,
  resolutionMetPercent: 66.7,
  medianFirstResponseMinutes: 35,
  medianResolutionMinutes: 135.5,
  breaches: 2,
  ...over,
});
