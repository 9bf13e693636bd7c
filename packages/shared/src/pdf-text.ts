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

/** Text without control characters the font cannot draw (line breaks stay); tabs become spaces. */
const clean = (text: string) =>
  Array.from(text.replace(/\t/g, ' '))
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('');

/** The width in points of a piece of text. */
export type Measure = (text: string) => number;

function breakWord(word: string, max: number, width: Measure): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of Array.from(word)) {
    if (piece && width(piece + char) > max) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The text as lines (logical order) no wider than `max` points, words kept whole where they fit; past `maxLines` the last ends with "…". */
export function wrapText(text: string, max: number, width: Measure, maxLines = Infinity): string[] {
  const lines: string[] = [];
  for (const paragraph of clean(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (width(candidate) <= max) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      if (width(word) <= max) {
        line = word;
      } else {
        const pieces = breakWord(word, max, width);
        line = pieces.pop() ?? '';
        lines.push(...pieces);
      }
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
  }
  return lines;
}
