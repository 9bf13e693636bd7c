// A photo answer remembers when the member took or picked the photo, and a new photo drops what
// was made ready of the one it replaces (the photo of an answer the server refused).
import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { AnswerInput } from './answer-input.tsx';
import type { AnswerDraft, RunnerAction } from './answers.ts';

const photoAction: RunnerAction = {
  id: 30,
  type: 'PHOTO',
  nameEn: 'Photo of the meter',
  nameAr: null,
  descriptionEn: null,
  descriptionAr: null,
  options: [],
  required: true,
  criteria: null,
};

describe('picking a photo', () => {
  it('records the moment it was picked and forgets the earlier photo made ready to send', async () => {
    const onChange = vi.fn<(draft: AnswerDraft) => void>();
    const earlier = new File(['stamped'], 'photo.jpg', { type: 'image/jpeg' });
    const draft: AnswerDraft = {
      value: null,
      notes: 'Meter 4',
      file: earlier,
      voice: null,
      photoSource: 'FILE',
      photoPickedAt: '2026-11-26T08:59:00.000Z',
      preparedPhoto: { takenAt: '2026-11-26T08:58:30.000Z', capturedAt: '2026-11-26T09:14:00.000Z' },
    };
    const { container } = renderWithProviders(<AnswerInput action={photoAction} draft={draft} onChange={onChange} labelId="photo-label" />);
    const before = Date.now();
    const picked = new File(['pixels'], 'meter.jpg', { type: 'image/jpeg' });
    await userEvent.setup().upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, picked);
    expect(onChange).toHaveBeenCalledTimes(1);
    const next = onChange.mock.calls[0]![0];
    expect(next).toMatchObject({ file: picked, photoSource: 'FILE', notes: 'Meter 4', preparedPhoto: null });
    const pickedAt = Date.parse(next.photoPickedAt ?? '');
    expect(pickedAt).toBeGreaterThanOrEqual(before);
    expect(pickedAt).toBeLessThanOrEqual(Date.now());
  });
});
