// The path map gives the addresses the pages read back: route patterns for the route table, and
// the query variants (tabs, create dialogs, sign-in's way back) exactly as they were written out.
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('gives the route patterns when called without an id', () => {
    expect([paths.project(), paths.site(), paths.member(), paths.task(), paths.schedule(), paths.ticket()]).toEqual([
      '/projects/:projectId',
      '/sites/:siteId',
      '/members/:memberId',
      '/tasks/:taskId',
      '/tracker/:scheduleId',
      '/tickets/:ticketId',
    ]);
  });

  it('opens a tab, whatever order the view is given in', () => {
    expect(paths.task(7)).toBe('/tasks/7');
    expect(paths.task(7, { tab: 'settings' })).toBe('/tasks/7?tab=settings');
    expect(paths.task(7, { plan: 4, tab: 'plans' })).toBe('/tasks/7?tab=plans&plan=4');
    expect(paths.member(3, { tab: 'transfer' })).toBe('/members/3?tab=transfer');
    expect(paths.member(3, { from: 1, tab: 'transfer' })).toBe('/members/3?tab=transfer&from=1');
  });

  it('opens the create dialogs', () => {
    expect(paths.newProject).toBe('/projects?new=1');
    expect(paths.newSite()).toBe('/sites?new=1');
    expect(paths.newSite(5)).toBe('/sites?new=1&project=5');
    expect(paths.onboardingBusiness).toBe('/onboarding?step=business');
  });

  it('opens an import of members or sites, and one import by its id', () => {
    expect(paths.newImport('MEMBERS')).toBe('/imports?kind=MEMBERS');
    expect(paths.newImport('SITES')).toBe('/imports?kind=SITES');
    expect(paths.importRun()).toBe('/imports/:importId');
    expect(paths.importRun(12)).toBe('/imports/12');
  });

  it("gives a schedule's inspection report, and a shared report's address with its token kept whole", () => {
    expect(paths.scheduleReport()).toBe('/schedules/:scheduleId/report');
    expect(paths.scheduleReport(40)).toBe('/schedules/40/report');
    expect(paths.sharedInspection()).toBe('/shared/inspections/:token');
    expect(paths.sharedInspection('a/b c')).toBe('/shared/inspections/a%2Fb%20c');
  });

  it('returns to the tracker list as it was left', () => {
    expect(paths.trackerAt()).toBe('/tracker');
    expect(paths.trackerAt('?tab=done&page=2')).toBe('/tracker?tab=done&page=2');
  });

  it('signs in with a way back, except to the dashboard or sign-in itself', () => {
    expect(paths.loginAs('nadia al-amin')).toBe('/login?username=nadia%20al-amin');
    expect(paths.loginReturningTo('/tasks/7?tab=plans&plan=4')).toBe('/login?redirect=%2Ftasks%2F7%3Ftab%3Dplans%26plan%3D4');
    expect(paths.loginReturningTo('/')).toBe('/login');
    expect(paths.loginReturningTo('/login?redirect=%2Fsites')).toBe('/login');
    expect(paths.loginReturningTo()).toBe('/login');
  });
});
