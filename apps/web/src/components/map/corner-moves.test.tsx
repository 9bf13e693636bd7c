// Moving a polygon's corner in the site form's picker: the pure moves, and a corner on the map
// that can be dragged, or focused and moved with the arrow keys.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { moveVertex, nudgeVertex, type Vertex } from './geofence-edit.ts';
import { MapPicker } from './map-picker.tsx';

const square: Vertex[] = [
  [24.7, 46.7],
  [24.7, 46.71],
  [24.71, 46.71],
  [24.71, 46.7],
];

describe('moving a corner', () => {
  it('moves the one corner, rounded like the fields, and nothing for a corner that is not there', () => {
    expect(moveVertex(square, 2, { latitude: 24.7200000001, longitude: 46.7200000004 })).toEqual([square[0], square[1], [24.72, 46.72], square[3]]);
    expect(moveVertex(square, 4, { latitude: 1, longitude: 1 })).toEqual(square);
    expect(moveVertex(square, -1, { latitude: 1, longitude: 1 })).toEqual(square);
  });

  it('nudges a corner a metre, or ten, towards an arrow', () => {
    const [north] = nudgeVertex(square, 0, 'north', 1);
    expect(north![0]).toBeCloseTo(24.700009, 6);
    expect(north![1]).toBe(46.7);
    const [, , , east] = nudgeVertex(square, 3, 'east', 10);
    expect(east![1]).toBeGreaterThan(46.7);
    expect(nudgeVertex(square, 9, 'north', 1)).toEqual(square);
  });
});

describe('the corners on the map', () => {
  it('can be focused and moved with the arrow keys while drawing', async () => {
    const onPolygon = vi.fn();
    renderWithProviders(
      <MapPicker
        tiles={undefined}
        pin={{ latitude: 24.705, longitude: 46.705 }}
        radius={200}
        polygon={square}
        shape="polygon"
        onPin={() => undefined}
        onRadius={() => undefined}
        onPolygon={onPolygon}
      />,
    );
    const corner = await screen.findByRole('button', { name: 'Corner 2: drag it, or use the arrow keys to move it' }, { timeout: 8000 });
    corner.focus();
    fireEvent.keyDown(corner, { key: 'ArrowUp' });
    expect(onPolygon).toHaveBeenCalledTimes(1);
    const moved = onPolygon.mock.calls[0]![0] as Vertex[];
    expect(moved[1]![0]).toBeGreaterThan(24.7);
    expect(moved.filter((_, index) => index !== 1)).toEqual(square.filter((_, index) => index !== 1));
  });

  it('cannot be moved when the form is read-only', async () => {
    const onPolygon = vi.fn();
    renderWithProviders(
      <MapPicker
        tiles={undefined}
        pin={{ latitude: 24.705, longitude: 46.705 }}
        radius={200}
        polygon={square}
        shape="polygon"
        readOnly
        onPin={() => undefined}
        onRadius={() => undefined}
        onPolygon={onPolygon}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Site pin: drag it, or use the arrow keys to move it' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Corner 2/ })).not.toBeInTheDocument();
  });
});
