// The demo business's helpdesk: tickets in every status across the demo sites, with comments,
// photos and a history that tells how each one got where it is.
import { eq } from 'drizzle-orm';
import type { TicketPriority, TicketStatus } from '@fieldops/shared/enums';
import { canTransition } from '@fieldops/shared/helpdesk';
import { must } from '@fieldops/shared/must';
import type { Db } from '../db/client.ts';
import { ticketAttachments, ticketCategories, ticketComments, ticketHistory, tickets } from '../db/schema-helpdesk.ts';
import type { Storage } from '../plugins/storage.ts';
import { solidPng } from './solid-png.ts';

/** The demo people as `seedDemo` made them: the owner, then PEOPLE in order. */
export interface DemoPeople {
  owner: number;
  sara: number;
  omar: number;
  lina: number;
  yousef: number;
  huda: number;
}
type Person = keyof DemoPeople;

export interface DemoHelpdeskContext {
  businessId: number;
  people: DemoPeople;
  /** Tower A, Tower B, Mall North Gate, Mall Parking, Olaya Clinic. */
  sites: { id: number; projectId: number }[];
}

type Category = 'General' | 'Bug' | 'Feature Request' | 'Support' | 'Maintenance' | 'Safety';

/** A change after creation, `daysAgo` before now. */
interface Step {
  daysAgo: number;
  by: Person;
  status?: [TicketStatus, string];
  agent?: Person | null;
  priority?: TicketPriority;
}

interface DemoTicket {
  title: string;
  description: string;
  site: number;
  category: Category;
  priority: TicketPriority;
  creator: Person;
  agent: Person | null;
  daysAgo: number;
  steps: Step[];
  comments?: { by: Person; daysAgo: number; text: string | null; photo?: string }[];
  photos?: { name: string; colour: string; by: Person }[];
}

const EXTRA_CATEGORIES = [
  { nameEn: 'Maintenance', nameAr: 'صيانة' },
  { nameEn: 'Safety', nameAr: 'السلامة' },
];

const TICKETS: DemoTicket[] = [
  {
    title: 'Broken lock at the east gate',
    description: 'The east gate lock does not catch; the gate swings open in the wind.',
    site: 2,
    category: 'Safety',
    priority: 'HIGH',
    creator: 'huda',
    agent: 'lina',
    daysAgo: 3,
    steps: [{ daysAgo: 2.8, by: 'sara', status: ['IN_PROGRESS', 'Locksmith booked for this afternoon'] }],
    comments: [
      { by: 'lina', daysAgo: 2.9, text: 'Chained the gate for tonight as a stopgap.' },
      { by: 'huda', daysAgo: 2.5, text: 'Thanks, the night shift confirmed it holds.' },
    ],
    photos: [{ name: 'east-gate-lock.png', colour: '#868e96', by: 'huda' }],
  },
  {
    title: 'تسرب مياه في دورة المياه',
    description: 'تسرب مياه من أسفل المغسلة في دورة مياه الطابق الثالث، والأرضية مبللة.',
    site: 0,
    category: 'Maintenance',
    priority: 'URGENT',
    creator: 'omar',
    agent: 'sara',
    daysAgo: 0.3,
    steps: [],
    comments: [{ by: 'omar', daysAgo: 0.25, text: 'وضعت لافتة تحذير من الأرضية المبللة.', photo: '#1c7ed6' }],
    photos: [{ name: 'washroom-leak.png', colour: '#339af0', by: 'omar' }],
  },
  {
    title: 'Air conditioning not cooling in reception',
    description: 'Reception sits at 29°C by noon; patients are complaining.',
    site: 4,
    category: 'Maintenance',
    priority: 'MEDIUM',
    creator: 'owner',
    agent: 'yousef',
    daysAgo: 6,
    steps: [
      { daysAgo: 5.5, by: 'yousef', status: ['IN_PROGRESS', 'Technician inspected the unit'] },
      { daysAgo: 5, by: 'owner', priority: 'HIGH' },
      { daysAgo: 4.5, by: 'owner', status: ['ON_HOLD', 'Waiting for the compressor part'] },
    ],
    comments: [{ by: 'yousef', daysAgo: 5.4, text: 'The compressor is failing. The supplier quotes five working days.' }],
  },
  {
    title: 'Parking barrier stuck open',
    description: 'The exit barrier on level B1 stays up after every car.',
    site: 3,
    category: 'Safety',
    priority: 'HIGH',
    creator: 'lina',
    agent: 'lina',
    daysAgo: 9,
    steps: [
      { daysAgo: 8.8, by: 'sara', status: ['IN_PROGRESS', 'Controller reset did not help; motor suspected'] },
      { daysAgo: 7, by: 'sara', status: ['RESOLVED', 'Barrier motor replaced and tested'] },
    ],
    comments: [{ by: 'lina', daysAgo: 6.9, text: 'Working again, tested twenty exits.', photo: '#40c057' }],
  },
  {
    title: 'إضاءة الممر الثالث لا تعمل',
    description: 'ثلاث لمبات معطلة في الممر الثالث بجانب المصاعد.',
    site: 1,
    category: 'Maintenance',
    priority: 'LOW',
    creator: 'sara',
    agent: 'omar',
    daysAgo: 14,
    steps: [
      { daysAgo: 13, by: 'sara', status: ['IN_PROGRESS', 'بدأ العمل على استبدال اللمبات'] },
      { daysAgo: 12, by: 'sara', status: ['RESOLVED', 'تم استبدال اللمبات'] },
      { daysAgo: 10, by: 'owner', status: ['CLOSED', 'Confirmed by the building manager'] },
    ],
  },
  {
    title: 'Cleaning supplies running low on floor 12',
    description: 'Only two boxes of hand towels and one bottle of floor cleaner left.',
    site: 0,
    category: 'General',
    priority: 'MEDIUM',
    creator: 'omar',
    agent: null,
    daysAgo: 1,
    steps: [{ daysAgo: 0.9, by: 'owner', agent: 'sara' }],
  },
  {
    title: 'طلب إضافة نقطة تفتيش جديدة في جولة الحراسة',
    description: 'نقترح إضافة نقطة تفتيش عند باب الطوارئ الخلفي في جولة الحراسة الليلية.',
    site: 2,
    category: 'Feature Request',
    priority: 'NO_PRIORITY',
    creator: 'lina',
    agent: null,
    daysAgo: 2,
    steps: [],
  },
  {
    title: 'Fire extinguisher missing in corridor B',
    description: 'The bracket next to room 14 is empty since the last inspection.',
    site: 4,
    category: 'Safety',
    priority: 'URGENT',
    creator: 'yousef',
    agent: null,
    daysAgo: 1.5,
    steps: [
      { daysAgo: 1.4, by: 'owner', agent: 'yousef' },
      { daysAgo: 1.2, by: 'owner', status: ['IN_PROGRESS', 'Replacement ordered from the supplier'] },
    ],
  },
  {
    title: 'Badge reader rejects valid cards',
    description: 'The reader at the Tower B lobby turnstile refuses about one card in five.',
    site: 1,
    category: 'Bug',
    priority: 'MEDIUM',
    creator: 'sara',
    agent: 'sara',
    daysAgo: 4,
    steps: [
      { daysAgo: 3.8, by: 'sara', status: ['IN_PROGRESS', 'Cleaned the reader and updated its firmware'] },
      { daysAgo: 3, by: 'sara', priority: 'HIGH' },
      { daysAgo: 2.9, by: 'sara', status: ['ON_HOLD', 'Vendor visit scheduled for Sunday'] },
    ],
    comments: [{ by: 'omar', daysAgo: 3.1, text: 'Still happening this morning, mostly with the new cards.' }],
  },
  {
    title: 'تعطل المصعد رقم 2',
    description: 'المصعد رقم 2 يتوقف بين الطابقين الخامس والسادس.',
    site: 0,
    category: 'Support',
    priority: 'URGENT',
    creator: 'sara',
    agent: 'omar',
    daysAgo: 5,
    steps: [
      { daysAgo: 4.9, by: 'sara', agent: 'sara' },
      { daysAgo: 4.8, by: 'sara', status: ['IN_PROGRESS', 'Elevator company called out'] },
      { daysAgo: 4, by: 'sara', status: ['RESOLVED', 'تم إصلاح المصعد واختباره'] },
    ],
  },
];

const at = (now: number, daysAgo: number) => new Date(now - daysAgo * 86_400_000);

export async function seedDemoTickets(db: Db, storage: Storage, { businessId, people, sites }: DemoHelpdeskContext) {
  await db.insert(ticketCategories).values(EXTRA_CATEGORIES.map((c) => ({ ...c, businessId })));
  const categoryRows = await db.select().from(ticketCategories).where(eq(ticketCategories.businessId, businessId));
  const categoryId = (name: Category) => categoryRows.find((c) => c.nameEn === name)!.id;
  const who = (person: Person | null) => (person === null ? null : people[person]);
  const photo = async (colour: string) => (await storage.put(solidPng(48, 32, colour), 'png')).key;
  const now = Date.now();

  for (const demo of TICKETS) {
    const created = at(now, demo.daysAgo);
    let state = { status: 'NEW' as TicketStatus, priority: demo.priority, agentId: who(demo.agent), reason: null as string | null };
    const history: Omit<typeof ticketHistory.$inferInsert, 'ticketId'>[] = [
      { businessId, field: 'CREATED', newValue: 'NEW', agentId: state.agentId, actorId: who(demo.creator), createdDate: created },
    ];
    for (const step of demo.steps) {
      const entry = { businessId, actorId: who(step.by), createdDate: at(now, step.daysAgo) };
      if (step.agent !== undefined) {
        const agentId = who(step.agent);
        const text = (id: number | null) => (id === null ? null : String(id));
        history.push({ ...entry, field: 'ASSIGNEE', oldAgentId: state.agentId, agentId, oldValue: text(state.agentId), newValue: text(agentId) });
        state = { ...state, agentId };
      }
      if (step.priority) {
        history.push({ ...entry, field: 'PRIORITY', oldValue: state.priority, newValue: step.priority });
        state = { ...state, priority: step.priority };
      }
      if (step.status) {
        const [status, reason] = step.status;
        if (!canTransition(state.status, status)) throw new Error(`demo ticket "${demo.title}" cannot move ${state.status} → ${status}`);
        history.push({ ...entry, field: 'STATUS', oldValue: state.status, newValue: status, reason });
        state = { ...state, status, reason };
      }
    }
    const site = must(sites[demo.site], `the demo has a site #${demo.site}`);
    const [inserted] = await db
      .insert(tickets)
      .values({
        businessId,
        title: demo.title,
        description: demo.description,
        categoryId: categoryId(demo.category),
        ...state,
        projectId: site.projectId,
        teamId: site.id,
        creatorId: who(demo.creator),
        createdDate: created,
        updatedDate: history.at(-1)?.createdDate ?? created,
      })
      .returning({ id: tickets.id });
    const ticket = must(inserted, 'an insert returns its row');
    await db.insert(ticketHistory).values(history.map((h) => ({ ...h, ticketId: ticket.id })));
    for (const c of demo.comments ?? []) {
      await db.insert(ticketComments).values({
        businessId,
        ticketId: ticket.id,
        creatorId: who(c.by),
        text: c.text,
        fileKey: c.photo ? await photo(c.photo) : null,
        createdDate: at(now, c.daysAgo),
      });
    }
    for (const p of demo.photos ?? []) {
      const data = solidPng(48, 32, p.colour);
      const { key } = await storage.put(data, 'png');
      await db.insert(ticketAttachments).values({
        businessId,
        ticketId: ticket.id,
        fileKey: key,
        name: p.name,
        contentType: 'image/png',
        size: data.length,
        creatorId: who(p.by),
        createdDate: created,
      });
    }
  }
}
