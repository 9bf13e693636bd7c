// Every status and state the app shows has its own words in each language: two statuses that
// differ in English (a schedule's Pending, a ticket's On hold) never share a word in Arabic, nor
// does one's word turn up inside the other's (a ticket's "معلّقة" in the pending invitations'
// "الدعوات المعلّقة"), and one status is written the same way wherever it appears.
import { describe, expect, it } from 'vitest';
import common from './en.json';
import commonAr from './ar.json';
import performanceEn from '../components/performance/locales/en.json';
import performanceAr from '../components/performance/locales/ar.json';
import tasksEn from '../features/tasks/locales/en.json';
import tasksAr from '../features/tasks/locales/ar.json';
import ticketsEn from '../features/tickets/locales/en.json';
import ticketsAr from '../features/tickets/locales/ar.json';
import trackerEn from '../features/tracker/locales/en.json';
import trackerAr from '../features/tracker/locales/ar.json';
import membershipEn from '../components/site-membership/locales/en.json';
import membershipAr from '../components/site-membership/locales/ar.json';
import membersEn from '../features/members/locales/en.json';
import membersAr from '../features/members/locales/ar.json';
import projectsEn from '../features/projects/locales/en.json';
import projectsAr from '../features/projects/locales/ar.json';
import reportsEn from '../features/reports/locales/en.json';
import reportsAr from '../features/reports/locales/ar.json';

type Words = Record<string, string>;

/** Each group of statuses by where it is shown: [English, Arabic]. */
const GROUPS: Record<string, [Words, Words]> = {
  schedule: [trackerEn.tracker.status, trackerAr.tracker.status],
  'schedule tab': [trackerEn.tracker.tabs, trackerAr.tracker.tabs],
  'schedule chart': [performanceEn.performance.status, performanceAr.performance.status],
  ticket: [ticketsEn.tickets.status, ticketsAr.tickets.status],
  plan: [tasksEn.tasks.plans.status, tasksAr.tasks.plans.status],
  'plan filter': [tasksEn.tasks.plans.filter, tasksAr.tasks.plans.filter],
  'paused plan in the runner': [{ paused: trackerEn.tracker.runner.paused }, { paused: trackerAr.tracker.runner.paused }],
  member: [common.status, commonAr.status],
  'member page': [{ pendingTitle: membersEn.members.activation.pendingTitle }, { pendingTitle: membersAr.members.activation.pendingTitle }],
  project: [{ active: projectsEn.projects.form.active }, { active: projectsAr.projects.form.active }],
  'invitations tab': [{ invitations: membersEn.members.tabs.invitations }, { invitations: membersAr.members.tabs.invitations }],
  'pending invitations': [{ title: membershipEn.siteMembership.pending.title }, { title: membershipAr.siteMembership.pending.title }],
  'answer waiting on the device': [trackerEn.tracker.outbox.status, trackerAr.tracker.outbox.status],
  'live answers': [reportsEn.reports.live.state, reportsAr.reports.live.state],
};

/**
 * A status's Arabic as words to compare: without diacritics, the article or a final "…" or
 * the feminine ending (ة: the same status describes a ticket or a member).
 */
const words = (text: string) =>
  text
    .replace(/[\u064B-\u0652…]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/^ال(?=..)/, '').replace(/ة$/, ''));

/**
 * Statuses written as the negation of another with "غير" (not): Inactive is "not active", and the
 * live answers' Off "not live"; they hold the other's word by design.
 */
const NEGATIONS = new Set(['inactive', 'off']);

const pairs = Object.entries(GROUPS).flatMap(([group, [en, ar]]) =>
  Object.keys(en).map((key) => ({ where: `${group}.${key}`, en: en[key].trim().toLowerCase(), ar: ar[key]?.trim() })),
);

describe('status words', () => {
  it('have an Arabic word for every English one', () => {
    expect(pairs.filter((p) => !p.ar).map((p) => p.where)).toEqual([]);
  });

  it('never give two different statuses one Arabic word', () => {
    const clashes: string[] = [];
    for (const a of pairs) {
      for (const b of pairs) {
        if (a.where < b.where && a.ar === b.ar && a.en !== b.en) clashes.push(`${a.where} (${a.en}) and ${b.where} (${b.en}): ${a.ar}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("never put one status's words inside another's (a ticket's On hold in the pending invitations)", () => {
    const inside: string[] = [];
    for (const a of pairs) {
      for (const b of pairs) {
        if (a.en === b.en || NEGATIONS.has(b.en)) continue;
        const [part, whole] = [words(a.ar!).join(' '), words(b.ar!).join(' ')];
        if (` ${whole} `.includes(` ${part} `)) inside.push(`${a.where} (${a.en}: ${a.ar}) is inside ${b.where} (${b.en}: ${b.ar})`);
      }
    }
    expect(inside).toEqual([]);
  });

  it('write one status the same way wherever it is shown (allowing for the gender of what it describes)', () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const p of pairs) byEnglish.set(p.en, (byEnglish.get(p.en) ?? new Set()).add(p.ar!));
    // A feminine ending (ة) for schedules, tickets and plans, none for a member.
    const stem = (word: string) => word.replace(/ة(?=\s|$)/g, '');
    const differing = [...byEnglish].filter(([, words]) => new Set([...words].map(stem)).size > 1).map(([en, words]) => `${en}: ${[...words].join(' / ')}`);
    expect(differing).toEqual([]);
  });
});
