// The answers map drawn in the test browser (given a size, which it has no layout to give): each
// answer a marker named by its status, near ones clustered, the geofences drawn, and a marker's
// popup holding what the page gives it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { AnswerMapPoint, AnswerMapSite } from '@fieldops/shared/answers-map';
import { renderWithProviders } from '../../test/render.tsx';
import { AnswersMap } from './answers-map.tsx';

const SIZE = { clientWidth: 800, clientHeight: 600 };
const saved = Object.keys(SIZE).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
beforeAll(() => {
  for (const [name, value] of Object.entries(SIZE)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

const point = (id: number, status: AnswerMapPoint['status'], latitude: number, longitude = 46.6753): AnswerMapPoint => ({
  id,
  latitude,
  longitude,
  accuracy: 10,
  distance: 5,
  fromGeofence: 0,
  status,
  teamId: 3,
  userId: 7,
  userFullName: `Member ${id}`,
  taskId: 9,
  taskNameEn: 'Opening checks',
  taskNameAr: null,
  capturedAt: '2025-03-10T07:30:00.000Z',
});

const sites: AnswerMapSite[] = [
  { id: 3, name: 'Tower A', latitude: 24.7136, longitude: 46.6753, radius: 200, polygon: null },
  {
    id: 4,
    name: 'Depot',
    latitude: null,
    longitude: null,
    radius: 200,
    polygon: [
      [24.72, 46.67],
      [24.72, 46.68],
      [24.73, 46.68],
    ],
  },
];

function draw(answers: AnswerMapPoint[]) {
  return renderWithProviders(
    <AnswersMap
      answers={answers}
      sites={sites}
      tiles={{ tileUrl: '', attribution: '' }}
      dir="ltr"
      labels={{
        map: 'Answers map',
        zoomIn: 'Zoom in',
        zoomOut: 'Zoom out',
        cluster: (count) => `${count} answers here`,
        answer: (answer) => `${answer.status}: ${answer.userFullName}`,
      }}
      popup={(answer) => <p>Popup of {answer.userFullName}</p>}
    />,
  );
}

describe('the answers map', () => {
  it('draws each answer as a marker named by its status, and the circle and polygon of the sites, with no tiles', () => {
    const { container } = draw([point(1, 'INSIDE', 24.7137), point(2, 'OUTSIDE', 24.7236), point(3, 'OVERRIDDEN', 24.7336)]);
    expect(screen.getByRole('region', { name: 'Answers map' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'INSIDE: Member 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OUTSIDE: Member 2' })).toBeInTheDocument();
    expect(container.querySelector('[data-status="OVERRIDDEN"]')).toHaveTextContent('↺');
    expect(container.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(2);
    expect(container.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
  });

  it('gathers answers given in the same place into one cluster', () => {
    draw([point(1, 'INSIDE', 24.7137), point(2, 'UNVERIFIED', 24.7137), point(3, 'OUTSIDE', 24.7137), point(4, 'INSIDE', 24.7336)]);
    expect(screen.getByRole('button', { name: '3 answers here' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'UNVERIFIED: Member 2' })).not.toBeInTheDocument();
  });

  it("opens a marker's popup on click", async () => {
    draw([point(1, 'INSIDE', 24.7137), point(2, 'OUTSIDE', 24.7336)]);
    fireEvent.click(screen.getByRole('button', { name: 'OUTSIDE: Member 2' }));
    expect(await screen.findByText('Popup of Member 2')).toBeInTheDocument();
  });
});
