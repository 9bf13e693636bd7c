import { describe, expect, it } from 'vitest';
import { MSG } from '@fieldops/shared/messages';
import { initialTransfer, transferReducer, type TransferEvent, type TransferState } from './transfer-wizard.ts';

const run = (events: TransferEvent[], start: TransferState = initialTransfer('1')) => events.reduce(transferReducer, start);
const plan = { id: 7, name: 'Lobby round', startTime: '08:00', endTime: '16:00' };

describe('transferReducer', () => {
  it('moves to the plans only when both sites are chosen and differ', () => {
    expect(run([{ type: 'next' }])).toMatchObject({ step: 0, errors: { to: MSG.required } });
    expect(run([{ type: 'to', value: '1' }, { type: 'next' }])).toMatchObject({ step: 0, errors: { to: MSG.sameSite } });
    expect(run([{ type: 'to', value: '2' }, { type: 'next' }])).toMatchObject({ step: 1, errors: {} });
  });

  it('clears a site error once that site is chosen again', () => {
    const refused = run([{ type: 'from', value: null }, { type: 'next' }]);
    expect(refused.errors).toEqual({ from: MSG.required, to: MSG.required });
    expect(transferReducer(refused, { type: 'from', value: '3' }).errors).toEqual({ from: undefined, to: MSG.required });
  });

  it('drops the chosen plans when the source site changes, since plans belong to it', () => {
    const chosen = run([{ type: 'to', value: '2' }, { type: 'next' }, { type: 'choice', choice: 'with' }, { type: 'selected', selected: ['7'] }]);
    expect(chosen).toMatchObject({ choice: 'with', selected: ['7'] });
    expect(transferReducer(chosen, { type: 'from', value: '4' })).toMatchObject({ from: '4', choice: 'without', selected: [] });
  });

  it('keeps the follow-up once the member moved, and starts over from nothing', () => {
    const moved = run([{ type: 'to', value: '2' }, { type: 'next' }, { type: 'transferred', carried: [plan] }]);
    expect(moved).toMatchObject({ step: 2, carried: [plan] });
    expect(transferReducer(moved, { type: 'step', step: 0 }).step).toBe(2);
    expect(transferReducer(moved, { type: 'restart' })).toEqual(initialTransfer(null));
  });
});
