import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Section, TaskWithActions } from '@fieldops/shared/tasks';
import { renderWithSession, stubFetch } from '../../../../test/session.tsx';
import { makeAction, makeTask } from '../../test-fixtures.ts';
import { groupsOf } from './action-layout.ts';
import { layoutInOrder, SectionOrderModal } from './section-order-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const section = (id: number, order: number, nameEn: string): Section => ({
  id,
  taskId: 5,
  order,
  nameEn,
  nameAr: null,
  descriptionEn: null,
  descriptionAr: null,
  criteria: null,
});

/** An action before any section, two in "Kitchen" and one in "Storage". */
const TASK: TaskWithActions = {
  ...makeTask({ id: 5 }),
  sections: [section(1, 1, 'Kitchen'), section(2, 2, 'Storage')],
  actions: [
    makeAction(10, 1, 'YES_NO', 'Entrance clean?'),
    makeAction(11, 2, 'YES_NO', 'Fridge cold?', { sectionId: 1 }),
    makeAction(12, 3, 'YES_NO', 'Oven off?', { sectionId: 1 }),
    makeAction(13, 4, 'YES_NO', 'Door locked?', { sectionId: 2 }),
  ],
};

describe('section order', () => {
  it('puts the sections in the new order, each with its actions, after the part before them', () => {
    expect(layoutInOrder(groupsOf(TASK), [2, 1])).toEqual([
      { sectionId: null, actionIds: [10] },
      { sectionId: 2, actionIds: [13] },
      { sectionId: 1, actionIds: [11, 12] },
    ]);
  });

  it('lists the sections with a handle each, and leaves the task as it is when nothing moved', async () => {
    const stub = stubFetch(() => undefined);
    vi.stubGlobal('fetch', stub.fetchMock);
    const onClose = vi.fn();
    renderWithSession(<SectionOrderModal task={TASK} opened onClose={onClose} />);

    const list = await screen.findByRole('list', { name: 'Order of the sections' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1KitchenActions: 2', '2StorageActions: 1']);
    expect(within(list).getByRole('button', { name: 'Drag to move Storage' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalled();
    expect(stub.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
