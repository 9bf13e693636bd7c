// Report answers as the server sends them, for the report screens' tests.
import type { BusinessStats, KpiItem, PerformancePoint, ScheduleCounts, ScoreCounts, TagKpi } from '@fieldops/shared/reports';

export const WORKFLOW = '/services/workflow/api';

/** Scores of schedules none of which was scored. */
export const NO_SCORES: ScoreCounts = { scored: 0, averageScore: null, passed: 0, failed: 0, passRate: null };

/** `n` scores averaging `average`, of which `passed` passed and `failed` failed a pass mark. */
export function scores(scored: number, averageScore: number, passed = 0, failed = 0): ScoreCounts {
  return { scored, averageScore, passed, failed, passRate: passed + failed === 0 ? null : Math.round((passed / (passed + failed)) * 1000) / 10 };
}

export function counts(extra: Partial<ScheduleCounts> = {}): ScheduleCounts {
  return { done: 7, late: 0, missed: 1, pending: 0, inProgress: 0, total: 8, completionRate: 87.5, ...NO_SCORES, ...extra };
}

export function kpiItem(id: number, extra: Partial<KpiItem> = {}): KpiItem {
  // 7 of 8 done in a list averaging 80 %: (7 + 10 · 0.8) / (8 + 10) = 83.3 %.
  const ranking: KpiItem['ranking'] = { score: 83.3, average: 80, weight: 10, reason: 'few' };
  return { ...counts(), id, name: null, nameEn: null, nameAr: null, context: null, rank: id, ranking, ...extra };
}

export function stats(extra: Partial<BusinessStats> = {}): BusinessStats {
  return { projects: 3, teams: 5, members: 12, activeSchedules: 4, schedules: counts(), answers: 40, flagged: 2, lateAnswers: 0, ...extra };
}

export function point(date: string, extra: Partial<PerformancePoint> = {}): PerformancePoint {
  return { ...counts(), date, ...extra };
}

export function tag(id: number, extra: Partial<TagKpi> = {}): TagKpi {
  return { id, nameEn: `Tag ${id}`, nameAr: `وسم ${id}`, actions: 3, answers: 10, ...extra };
}
