// Right-to-left and mixed text for the PDF export. A PDF shows glyphs in the order they are
// drawn, left to right, so each line goes through the Unicode bidirectional algorithm (bidi-js)
// and is cut into runs in visual order. Each run is then shaped by the font engine in its own
// direction (pdf-font.ts): a right-to-left run is handed over in logical order, with brackets
// mirrored, and the engine joins its letters and lays its glyphs out from the right.
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export interface VisualRun {
  /** The run's text in logical order. */
  text: string;
  rtl: boolean;
}

export type BaseDirection = 'ltr' | 'rtl' | 'auto';

/** The mirror image of a bracket-like character ("(" for ")"), or null. */
export const mirrorOf = (char: string): string | null => bidi.getMirroredCharacter(char);

/** Whether the text reads right to left as a paragraph (its first strong letter decides). */
export function isRtlText(text: string): boolean {
  return bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1;
}

/** One line (no line breaks) as runs from left to right. */
export function visualRuns(line: string, base: BaseDirection = 'auto'): VisualRun[] {
  if (line === '') return [];
  const embedding = bidi.getEmbeddingLevels(line, base);
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const order = bidi.getReorderedIndices(line, embedding, 0, line.length - 1);
  const runs: VisualRun[] = [];
  let group: number[] = [];

  // An odd embedding level runs right to left.
  const rtlAt = (index: number) => (levels[index] ?? 0) % 2 === 1;

  const flush = () => {
    const [first] = group;
    if (first === undefined) return;
    const rtl = rtlAt(first);
    const logical = rtl ? [...group].reverse() : group;
    runs.push({ text: logical.map((index) => mirrored.get(index) ?? line[index]).join(''), rtl });
    group = [];
  };

  for (const index of order) {
    const previous = group[group.length - 1];
    const sameRun = previous !== undefined && levels[previous] === levels[index] && (rtlAt(index) ? index === previous - 1 : index === previous + 1);
    if (!sameRun) flush();
    group.push(index);
  }
  flush();
  return runs;
}
