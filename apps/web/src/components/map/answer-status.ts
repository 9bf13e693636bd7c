// How the answers map shows an answer's location status: a colour, a shape and a symbol each, so
// neither colour nor shape is the only sign, and a cluster as a ring shared among its statuses.
// Each colour carries its symbol at 4.5:1 or more and stands at 3:1 or more against the tiles.
import type { AnswerMapStatus } from '@fieldops/shared/answers-map';

export interface StatusLook {
  colour: string;
  /** The symbol's colour on it. */
  ink: string;
  shape: 'circle' | 'square' | 'diamond' | 'hexagon' | 'triangle';
  symbol: string;
}

export const STATUS_LOOKS: Record<AnswerMapStatus, StatusLook> = {
  INSIDE: { colour: '#2b8a3e', ink: '#ffffff', shape: 'circle', symbol: '✓' },
  OUTSIDE: { colour: '#c92a2a', ink: '#ffffff', shape: 'square', symbol: '✕' },
  UNVERIFIED: { colour: '#f59f00', ink: '#000000', shape: 'diamond', symbol: '?' },
  OVERRIDDEN: { colour: '#1864ab', ink: '#ffffff', shape: 'hexagon', symbol: '↺' },
  NOT_CHECKED: { colour: '#495057', ink: '#ffffff', shape: 'triangle', symbol: '–' },
};

/** The order the legend, the summary and a cluster's ring list the statuses in. */
export const STATUS_ORDER: readonly AnswerMapStatus[] = ['INSIDE', 'OUTSIDE', 'UNVERIFIED', 'OVERRIDDEN', 'NOT_CHECKED'];

export type StatusCounts = Record<AnswerMapStatus, number>;

export const emptyCounts = (): StatusCounts => ({ INSIDE: 0, OUTSIDE: 0, UNVERIFIED: 0, OVERRIDDEN: 0, NOT_CHECKED: 0 });

/** How many answers have each status. */
export function countByStatus(answers: readonly { status: AnswerMapStatus }[]): StatusCounts {
  const counts = emptyCounts();
  for (const answer of answers) counts[answer.status] += 1;
  return counts;
}

/** A cluster's ring: a conic gradient giving each status its share of the circle, in STATUS_ORDER. */
export function ringGradient(counts: StatusCounts): string {
  const total = STATUS_ORDER.reduce((sum, status) => sum + counts[status], 0);
  if (total === 0) return STATUS_LOOKS.NOT_CHECKED.colour;
  let from = 0;
  const stops: string[] = [];
  for (const status of STATUS_ORDER) {
    if (counts[status] === 0) continue;
    const to = from + (counts[status] / total) * 360;
    stops.push(`${STATUS_LOOKS[status].colour} ${round(from)}deg ${round(to)}deg`);
    from = to;
  }
  return `conic-gradient(${stops.join(', ')})`;
}

const round = (degrees: number) => Math.round(degrees * 10) / 10;

/** The CSS clip path drawing a shape in a square box. */
export const SHAPE_CLIPS: Record<StatusLook['shape'], string> = {
  circle: 'circle(50% at 50% 50%)',
  square: 'inset(8% round 2px)',
  diamond: 'polygon(50% 0, 100% 50%, 50% 100%, 0 50%)',
  hexagon: 'polygon(25% 3%, 75% 3%, 100% 50%, 75% 97%, 25% 97%, 0 50%)',
  triangle: 'polygon(50% 2%, 100% 95%, 0 95%)',
};

/** Metres rounded for reading: to the metre under a kilometre, else to ten metres. */
export const roundedMetres = (metres: number) => (metres < 1000 ? Math.round(metres) : Math.round(metres / 10) * 10);
