import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyAnswer, type AnswerDrafts, type RunnerAction, type SubmitStates } from './answers.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TaskRunner } from './task-runner.tsx';
import { TYPING_PAUSE_MS } from './typed-value.ts';

/** Waits as long as a member's pause in typing, after which what was typed reaches the answers. */
const typingPause = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, TYPING_PAUSE_MS + 50)));

const action = (id: number, type: RunnerAction['type'], nameEn: string, extra: Partial<RunnerAction> = {}): RunnerAction => ({
  id,
  type,
  nameEn,
  nameAr: null,
  descriptionEn: null,
  descriptionAr: null,
  options: [],
  required: true,
  criteria: null,
  ...extra,
});

const actions: RunnerAction[] = [
  action(1, 'SINGLE_CHOICE', 'Shift', {
    options: [
      { labelEn: 'Morning', labelAr: 'صباحية' },
      { labelEn: 'Night', labelAr: 'ليلية' },
    ],
  }),
  action(2, 'TEXT', 'Night handover', { criteria: { condition: { baseActionId: 1, answer: '1' }, visibility: 'DISPLAY' } }),
  action(3, 'RATING', 'Cleanliness', { criteria: { condition: { baseActionId: 1, answer: '0' }, visibility: 'DIM' } }),
  action(4, 'CHECK', 'Lights off', { required: false }),
];

describe('task runner', () => {
  it('shows, dims and counts actions as the chain rules say while answering', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TaskRunner actions={actions} />);

    // Before an answer the DISPLAY-ruled action waits hidden; the DIM-ruled one is shown as usual.
    expect(screen.queryByRole('region', { name: 'Night handover' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 2 required answered');
    // What "done" needs is said beside the count.
    expect(screen.getByText('Done once every required action is answered; optional ones never hold it back.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Night' }));
    const handover = await screen.findByRole('region', { name: 'Night handover' });
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 required answered');
    await user.type(within(handover).getByRole('textbox', { name: 'Night handover' }), 'All quiet');
    // What is typed counts once the member pauses.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 of 3 required answered'));

    // Morning hides the handover again and dims the rating, which is then optional.
    await user.click(screen.getByRole('radio', { name: 'Morning' }));
    expect(screen.queryByRole('region', { name: 'Night handover' })).not.toBeInTheDocument();
    const rating = screen.getByRole('region', { name: 'Cleanliness' });
    expect(rating).toHaveAttribute('data-visibility', 'DIM');
    expect(within(rating).getByText('Optional')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 1 required answered');
  });

  it('offers a notes field on every action and a fallback when voice cannot be recorded', () => {
    renderWithProviders(<TaskRunner actions={[action(9, 'VOICE', 'Describe the noise'), action(10, 'NUMBER', 'Meter reading')]} />);
    expect(screen.getByRole('textbox', { name: 'Notes on Describe the noise' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes on Meter reading' })).toBeInTheDocument();
    // jsdom has no MediaRecorder.
    expect(screen.getByText(/Voice recording is not available in this browser/)).toBeInTheDocument();
  });
});

describe('task runner on a long checklist', () => {
  // Every other action a text, the others yes/no; the last text shows once the first yes/no is "yes".
  const checklist = Array.from({ length: 12 }, (_, i) =>
    action(100 + i, i % 2 === 0 ? 'TEXT' : 'YES_NO', `Point ${i + 1}`, {
      criteria: i === 10 ? { condition: { baseActionId: 101, answer: 'YES' }, visibility: 'DISPLAY' } : null,
    }),
  );
  /** The actions drawn since the last call: each row asks `renderNotCounted` once as it draws. */
  function drawnRows() {
    const drawn = new Set<number>();
    const render = (item: RunnerAction) => {
      drawn.add(item.id);
      return null;
    };
    const take = () => {
      const found = [...drawn].sort((a, b) => a - b);
      drawn.clear();
      return found;
    };
    return { render, take };
  }

  function Held({ render }: { render: (item: RunnerAction) => null }) {
    const [answers, setAnswers] = useState<AnswerDrafts>({});
    return <TaskRunner actions={checklist} answers={answers} onAnswersChange={setAnswers} renderNotCounted={render} withImportant />;
  }

  it.each([
    ['keeps the answers itself', false],
    ['answers are held by the caller', true],
  ])(
    'draws again only the action answered when it %s',
    async (_, held) => {
      const user = userEvent.setup();
      const rows = drawnRows();
      renderWithProviders(held ? <Held render={rows.render} /> : <TaskRunner actions={checklist} renderNotCounted={rows.render} withImportant />);
      expect(rows.take()).toHaveLength(11);

      // Typing draws no row; once the member pauses, the row answered is drawn, once.
      await user.type(screen.getByRole('textbox', { name: 'Point 3' }), 'ok');
      expect(rows.take()).toEqual([]);
      await typingPause();
      expect(rows.take()).toEqual([102]);
      await user.type(screen.getByRole('textbox', { name: 'Notes on Point 5' }), 'n');
      await typingPause();
      expect(rows.take()).toEqual([104]);
      await user.click(within(screen.getByRole('region', { name: 'Point 4' })).getByRole('button', { name: 'Yes' }));
      expect(rows.take()).toEqual([103]);
      expect(screen.getByRole('textbox', { name: 'Point 3' })).toHaveValue('ok');

      // A chain rule still shows its action, and the rows after it are numbered again.
      await user.click(within(screen.getByRole('region', { name: 'Point 2' })).getByRole('button', { name: 'Yes' }));
      expect(screen.getByRole('region', { name: 'Point 11' })).toBeInTheDocument();
      expect(rows.take()).toEqual([101, 110, 111]);
      expect(screen.getByRole('status')).toHaveTextContent('3 of 12 required answered');
    },
    60_000,
  );
});

describe('task runner: typing', () => {
  const remarks = action(40, 'TEXT', 'Remarks');
  const doors = action(41, 'YES_NO', 'Doors locked');
  const reading = action(42, 'NUMBER', 'Meter reading');

  /** The runner with its answers held here, as the tracker's page holds them, and a way to clear them from outside. */
  function Held({ changes }: { changes: AnswerDrafts[] }) {
    const [answers, setAnswers] = useState<AnswerDrafts>({});
    const change = (next: AnswerDrafts) => {
      changes.push(next);
      setAnswers(next);
    };
    return (
      <>
        <button type="button" onClick={() => setAnswers({})}>
          Clear from outside
        </button>
        <TaskRunner actions={[remarks, doors, reading]} answers={answers} onAnswersChange={change} />
      </>
    );
  }

  it('keeps what is typed in the field while the member types, and hands it over once they pause', async () => {
    const user = userEvent.setup();
    const changes: AnswerDrafts[] = [];
    renderWithProviders(<Held changes={changes} />);
    const text = screen.getByRole('textbox', { name: 'Remarks' });
    await user.type(text, 'All quiet');
    expect(text).toHaveValue('All quiet');
    expect(changes).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('0 of 3 required answered');

    await typingPause();
    // One change for the whole word, not one per letter.
    expect(changes).toHaveLength(1);
    expect(changes[0]?.[40]).toMatchObject({ value: 'All quiet' });
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 required answered');
    expect(text).toHaveValue('All quiet');

    // A number too.
    await user.type(screen.getByRole('textbox', { name: 'Meter reading' }), '42');
    expect(changes).toHaveLength(1);
    await typingPause();
    expect(changes.at(-1)?.[42]).toMatchObject({ value: 42 });
    expect(changes.at(-1)?.[40]).toMatchObject({ value: 'All quiet' });
  });

  it('hands over what is typed as soon as the member leaves the field, so the tap that follows keeps it', async () => {
    const user = userEvent.setup();
    const changes: AnswerDrafts[] = [];
    renderWithProviders(<Held changes={changes} />);
    await user.type(screen.getByRole('textbox', { name: 'Remarks' }), 'Gate ok');
    await user.type(screen.getByRole('textbox', { name: 'Notes on Remarks' }), 'Oiled');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    // At once, without a pause: the text, its notes and the tap are all in the answers.
    expect(changes.at(-1)?.[40]).toMatchObject({ value: 'Gate ok', notes: 'Oiled' });
    expect(changes.at(-1)?.[41]).toMatchObject({ value: 'YES' });
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 required answered');
  });

  it('shows the answer again when it changes from elsewhere and nothing typed waits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Held changes={[]} />);
    const text = screen.getByRole('textbox', { name: 'Remarks' });
    await user.type(text, 'Gate ok');
    await typingPause();
    await user.click(screen.getByRole('button', { name: 'Clear from outside' }));
    expect(text).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('0 of 3 required answered');
  });
});

describe('task runner answering for real', () => {
  const check = action(20, 'YES_NO', 'Doors locked');
  const remarks = action(21, 'TEXT', 'Remarks', { required: false });

  it('offers "Mark as important" only when asked to, and keeps it in the draft', async () => {
    const user = userEvent.setup();
    const view = renderWithProviders(<TaskRunner actions={[check]} />);
    expect(screen.queryByRole('switch', { name: /Mark as important/ })).not.toBeInTheDocument();
    view.unmount();

    const changes: AnswerDrafts[] = [];
    renderWithProviders(<TaskRunner actions={[check]} withImportant onAnswersChange={(next) => changes.push(next)} />);
    await user.click(screen.getByRole('switch', { name: /Mark as important/ }));
    expect(changes.at(-1)?.[20]).toMatchObject({ important: true, value: null });
  });

  it('shows each answer uploading, saved or failed, locks the ones sent and retries a failed one', async () => {
    const user = userEvent.setup();
    const retried: number[] = [];
    const submitStates: SubmitStates = {
      20: { status: 'saved' },
      21: { status: 'failed', message: 'Network error: Please check your internet connection' },
    };
    const answers: AnswerDrafts = { 20: { ...emptyAnswer(), value: 'YES' }, 21: { ...emptyAnswer(), value: 'All fine' } };
    const view = renderWithProviders(
      <TaskRunner actions={[check, remarks]} answers={answers} submitStates={submitStates} onRetry={(id) => retried.push(id)} withImportant />,
    );

    const doors = screen.getByRole('region', { name: 'Doors locked' });
    expect(within(doors).getByText('Saved')).toBeInTheDocument();
    expect(within(doors).getByRole('button', { name: 'Yes' })).toBeDisabled();

    const failed = screen.getByRole('region', { name: 'Remarks' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('Network error');
    // What was typed is still there and can still be changed.
    expect(within(failed).getByRole('textbox', { name: 'Remarks' })).toHaveValue('All fine');
    expect(within(failed).getByRole('textbox', { name: 'Remarks' })).toBeEnabled();
    await user.click(within(failed).getByRole('button', { name: 'Retry Remarks' }));
    expect(retried).toEqual([21]);

    view.unmount();
    renderWithProviders(<TaskRunner actions={[check, remarks]} answers={answers} submitStates={{ 21: { status: 'uploading', progress: 0.4 } }} />);
    const uploading = screen.getByRole('region', { name: 'Remarks' });
    expect(within(uploading).getByText('Uploading… 40%')).toBeInTheDocument();
    expect(within(uploading).getByRole('textbox', { name: 'Remarks' })).toBeDisabled();
  });

  it('counts a saved answer without a draft as answered and shows it as the caller renders it', () => {
    const photo = action(30, 'PHOTO', 'Photo of the meter');
    renderWithProviders(
      <TaskRunner actions={[photo, check]} submitStates={{ 30: { status: 'saved' } }} renderSaved={(saved) => <p>Saved answer of {saved.nameEn}</p>} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 required answered');
    const region = screen.getByRole('region', { name: 'Photo of the meter' });
    expect(within(region).getByText('Saved answer of Photo of the meter')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Take or choose a photo' })).not.toBeInTheDocument();
  });

  it('does not count an answer kept from outside the site area, shows it, and keeps the action open', async () => {
    const user = userEvent.setup();
    const photo = action(30, 'PHOTO', 'Photo of the meter');
    const changes: AnswerDrafts[] = [];
    renderWithProviders(
      <TaskRunner
        actions={[check, photo]}
        submitStates={{ 20: { status: 'saved', outside: true }, 30: { status: 'saved', outside: true } }}
        renderSaved={(saved) => <p>Counted answer of {saved.nameEn}</p>}
        renderNotCounted={(kept) => <p>Earlier answer of {kept.nameEn}</p>}
        onAnswersChange={(next) => changes.push(next)}
        withImportant
      />,
    );

    // Kept but not counted: nothing is answered yet, and nothing says "Saved".
    expect(screen.getByRole('status')).toHaveTextContent('0 of 2 required answered');
    expect(screen.queryByLabelText('All required actions are answered')).not.toBeInTheDocument();
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.queryByText(/Counted answer of/)).not.toBeInTheDocument();

    const doors = screen.getByRole('region', { name: 'Doors locked' });
    expect(within(doors).getByText('Earlier answer of Doors locked')).toBeInTheDocument();
    expect(within(doors).getByText('Given outside the site area — not counted')).toBeInTheDocument();
    expect(within(doors).getByText('Answer again from inside the site area to count it.')).toBeInTheDocument();
    const meter = screen.getByRole('region', { name: 'Photo of the meter' });
    expect(within(meter).getByText('Earlier answer of Photo of the meter')).toBeInTheDocument();
    expect(within(meter).getByRole('button', { name: 'Take or choose a photo' })).toBeEnabled();

    // The action is open for a fresh answer, which counts once given.
    await user.click(within(doors).getByRole('button', { name: 'Yes' }));
    expect(changes.at(-1)?.[20]).toMatchObject({ value: 'YES' });
  });

  it('without an earlier answer to show, says of an answer just kept from outside that it is not counted', () => {
    renderWithProviders(<TaskRunner actions={[check]} submitStates={{ 20: { status: 'saved', outside: true } }} />);
    const doors = screen.getByRole('region', { name: 'Doors locked' });
    expect(within(doors).getByText('Given outside the site area — not counted')).toBeInTheDocument();
    expect(within(doors).queryByText('Saved')).not.toBeInTheDocument();
    expect(within(doors).getByRole('button', { name: 'Yes' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 1 required answered');
  });
});

describe('task runner: inspections', () => {
  const rule = (extra: Partial<{ score: number | null; photoRequired: boolean; noteRequired: boolean; flag: boolean }>) => ({
    score: null,
    na: false,
    photoRequired: false,
    noteRequired: false,
    flag: false,
    ...extra,
  });
  const settings = (extra: Record<string, unknown> = {}) => ({ min: null, max: null, unit: null, step: null, allowNa: false, scored: false, ...extra });

  it('groups actions in sections that fold away, hides a section its rule hides, and counts per section', async () => {
    const user = userEvent.setup();
    const sectioned: RunnerAction[] = [
      action(1, 'YES_NO', 'Kitchen open?'),
      action(2, 'CHECK', 'Hob wiped', { sectionId: 10 }),
      action(3, 'CHECK', 'Bins out', { sectionId: 20 }),
    ];
    const sections = [
      {
        id: 10,
        nameEn: 'Kitchen',
        nameAr: 'المطبخ',
        descriptionEn: null,
        descriptionAr: null,
        criteria: { condition: { baseActionId: 1, answer: 'YES' }, visibility: 'DISPLAY' as const },
      },
      { id: 20, nameEn: 'Yard', nameAr: 'الفناء', descriptionEn: null, descriptionAr: null, criteria: null },
    ];
    renderWithProviders(<TaskRunner actions={sectioned} sections={sections} />);
    expect(screen.queryByRole('button', { name: /Kitchen/ })).not.toBeInTheDocument();
    const yard = screen.getByRole('button', { name: /Yard/ });
    expect(yard).toHaveAttribute('aria-expanded', 'true');
    expect(yard).toHaveTextContent('0 of 1 required');
    expect(screen.getByRole('status')).toHaveTextContent('0 of 2 required answered');

    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('button', { name: /Kitchen/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 required answered');

    await user.click(screen.getByRole('checkbox', { name: 'Bins out' }));
    expect(yard).toHaveTextContent('1 of 1 required');
    // Folded, the section keeps its answers.
    await user.click(yard);
    expect(yard).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Bins out' })).not.toBeInTheDocument();
    await user.click(yard);
    expect(screen.getByRole('checkbox', { name: 'Bins out' })).toBeChecked();
  });

  it('asks for the photo and the note an answer needs before it counts, and says it will be flagged', async () => {
    const user = userEvent.setup();
    const audited: RunnerAction[] = [
      action(1, 'YES_NO', 'Floor clean?', { rules: { NO: rule({ photoRequired: true, flag: true }) } }),
      action(2, 'YES_NO', 'Stock full?', { rules: { NO: rule({ noteRequired: true }) } }),
    ];
    renderWithProviders(<TaskRunner actions={audited} />);
    const floor = screen.getByRole('region', { name: 'Floor clean?' });
    await user.click(within(floor).getByRole('button', { name: 'No' }));
    expect(within(floor).getByText("This answer will be flagged for the team's attention")).toBeInTheDocument();
    expect(within(floor).getByText('This answer needs a photo')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 2 required answered');
    const camera = floor.querySelector<HTMLInputElement>('input[type="file"]');
    expect(camera).not.toBeNull();
    await user.upload(camera as HTMLInputElement, new File(['x'], 'floor.png', { type: 'image/png' }));
    expect(within(floor).queryByText('This answer needs a photo')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 required answered');

    const stock = screen.getByRole('region', { name: 'Stock full?' });
    await user.click(within(stock).getByRole('button', { name: 'No' }));
    expect(within(stock).getByText('This answer needs a note')).toBeInTheDocument();
    await user.type(within(stock).getByRole('textbox', { name: 'Notes on Stock full?' }), 'Delivery late');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 of 2 required answered'));
  });

  it('answers times, sliders, N/A and ranged numbers, and shows an instruction without asking anything', async () => {
    const user = userEvent.setup();
    const typed: RunnerAction[] = [
      action(1, 'INSTRUCTION', 'Wear gloves', { required: false, descriptionEn: 'Put on gloves before you start.', image: '/api/files/gloves.webp?s=1' }),
      action(2, 'TIME', 'Arrival'),
      action(3, 'NUMBER', 'Fridge', { settings: settings({ min: 2, max: 8, unit: '°C' }) }),
      action(4, 'YES_NO', 'Exit clear?', { settings: settings({ allowNa: true }) }),
      action(5, 'SLIDER', 'Fill level', { settings: settings({ min: 0, max: 10, step: 5 }) }),
    ];
    renderWithProviders(<TaskRunner actions={typed} />);
    const instruction = screen.getByRole('region', { name: 'Wear gloves' });
    expect(within(instruction).getByText('Put on gloves before you start.')).toBeInTheDocument();
    expect(within(instruction).queryByRole('textbox')).not.toBeInTheDocument();
    // Its picture, named by the instruction.
    expect(within(instruction).getByRole('img', { name: 'Wear gloves' })).toHaveAttribute('src', '/api/files/gloves.webp?s=1');
    expect(screen.getByRole('status')).toHaveTextContent('0 of 4 required answered');

    await user.type(screen.getByLabelText('Arrival', { selector: 'input' }), '07:30');
    const fridge = screen.getByRole('region', { name: 'Fridge' });
    expect(within(fridge).getByText('2 to 8 °C')).toBeInTheDocument();
    await user.type(within(fridge).getByRole('textbox', { name: 'Fridge' }), '9');
    expect(within(fridge).getByRole('alert')).toHaveTextContent('Outside the expected range (2 to 8 °C)');
    await user.click(screen.getByRole('button', { name: 'N/A' }));
    const slider = screen.getByRole('slider', { name: 'Fill level' });
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    expect(screen.getByRole('status')).toHaveTextContent('4 of 4 required answered');
  });
});
