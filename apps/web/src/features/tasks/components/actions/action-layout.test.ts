// The builder's layout without drawing: actions grouped by section and the moves a drag makes.
import { describe, expect, it } from 'vitest';
import { makeAction } from '../../test-fixtures.ts';
import { groupDropId, groupsOf, moveInGroups } from './action-layout.ts';

const section = (id: number) => ({ id, taskId: 5, order: id, nameEn: `S${id}`, nameAr: null, descriptionEn: null, descriptionAr: null, criteria: null });
const task = {
  sections: [section(10), section(20)],
  actions: [
    makeAction(1, 1, 'YES_NO', 'A'),
    makeAction(2, 2, 'YES_NO', 'B', { sectionId: 10 }),
    makeAction(3, 3, 'YES_NO', 'C', { sectionId: 10 }),
    makeAction(4, 4, 'YES_NO', 'D', { sectionId: 10 }),
  ],
};

describe('the layout of a task in the builder', () => {
  it('groups the actions by section, the part before any section first, empty sections kept', () => {
    expect(groupsOf(task)).toEqual([
      { sectionId: null, actionIds: [1] },
      { sectionId: 10, actionIds: [2, 3, 4] },
      { sectionId: 20, actionIds: [] },
    ]);
    // An action naming a section the task no longer has counts as in none.
    expect(groupsOf({ sections: [], actions: [makeAction(9, 1, 'TEXT', 'X', { sectionId: 99 })] })).toEqual([{ sectionId: null, actionIds: [9] }]);
  });

  it('moves an action down and up within its section as an array move does', () => {
    const groups = groupsOf(task);
    expect(moveInGroups(groups, 2, 4)[1]?.actionIds).toEqual([3, 4, 2]);
    expect(moveInGroups(groups, 4, 2)[1]?.actionIds).toEqual([4, 2, 3]);
    expect(moveInGroups(groups, 3, 3)).toBe(groups);
  });

  it('moves an action into another section before the action it is over, or at the end of an empty one', () => {
    const groups = groupsOf(task);
    expect(moveInGroups(groups, 1, 3).map((g) => g.actionIds)).toEqual([[], [2, 1, 3, 4], []]);
    expect(moveInGroups(groups, 3, groupDropId(20)).map((g) => g.actionIds)).toEqual([[1], [2, 4], [3]]);
    expect(moveInGroups(groups, 2, groupDropId(null)).map((g) => g.actionIds)).toEqual([[1, 2], [3, 4], []]);
    // The groups given are left as they were.
    expect(groups[1]?.actionIds).toEqual([2, 3, 4]);
  });
});
