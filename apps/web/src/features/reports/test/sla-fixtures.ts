// An SLA report's figures and a breach for the reports' tests: five tickets created, three
// resolved, one late of each target; a resolution 90 minutes late.
import type { SlaBreach, SlaFigures } from '@fieldops/shared/sla-report';

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

export const slaBreach = (over: Partial<SlaBreach> = {}): SlaBreach => ({
  ticketId: 901,
  title: 'Leak in level 2',
  status: 'RESOLVED',
  priority: 'HIGH',
  target: 'RESOLUTION',
  dueAt: '2024-03-06T05:00:00.000Z',
  metAt: '2024-03-06T06:30:00.000Z',
  lateMinutes: 90,
  category: { id: 11, nameEn: 'Plumbing', nameAr: 'سباكة' },
  site: { id: 21, name: 'Riyadh Mall' },
  project: null,
  assignee: null,
  ...over,
});
