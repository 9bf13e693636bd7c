// An answer whose photo's own data gives another time than the answer's shows it with a badge and
// that time, in English and in Arabic; an answer without the mismatch shows none.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18n } from '../../lib/i18n/i18n.ts';
import { renderWithSession } from '../../test/session.tsx';
import { AnswerBadges } from './answer-view.tsx';
import { makeAnswer } from './test-fixtures.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const photoAnswer = (mismatch: boolean) =>
  makeAnswer(3, 'PHOTO', null, {
    photoSource: 'FILE',
    photoTakenAt: '2025-03-14T05:00:00.000Z',
    photoTimeMismatch: mismatch,
    capturedAt: '2025-03-14T07:30:00.000Z',
  });

describe('a photo taken at another time than its answer', () => {
  it('is marked, with the time the photo gives', () => {
    renderWithSession(<AnswerBadges answer={photoAnswer(true)} />);
    expect(screen.getByText('Photo taken at a different time')).toBeInTheDocument();
    expect(screen.getByText(/The photo's own data says it was taken .*2025.*more than 10 minutes/)).toBeInTheDocument();
  });

  it('is marked in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    renderWithSession(<AnswerBadges answer={photoAnswer(true)} />);
    expect(screen.getByText('الصورة التُقطت في وقت مختلف')).toBeInTheDocument();
  });

  it('is not marked when the times agree', () => {
    renderWithSession(<AnswerBadges answer={photoAnswer(false)} />);
    expect(screen.queryByText('Photo taken at a different time')).not.toBeInTheDocument();
  });
});
