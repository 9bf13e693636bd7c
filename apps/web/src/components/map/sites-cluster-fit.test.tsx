// The sites map fitted to its sites draws them as the fitted view clusters them, not as the
// whole world at its first zoom would (given a size, which the test browser has no layout to give).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { SitesClusterMap, type ClusterSite } from './sites-cluster-map.tsx';

const SIZE = { clientWidth: 800, clientHeight: 600 };
const saved = Object.keys(SIZE).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
beforeAll(() => {
  for (const [name, value] of Object.entries(SIZE)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

const site = (id: number, latitude: number): ClusterSite => ({ id, name: `Site ${id}`, latitude, longitude: 46.6753, completionRate: 80 });

it('shows sites a kilometre apart as sites, once fitted to them', () => {
  renderWithProviders(
    <SitesClusterMap
      sites={[site(1, 24.7136), site(2, 24.7236), site(3, 24.7336)]}
      tiles={{ tileUrl: '', attribution: '' }}
      labels={{ map: 'Sites map', zoomIn: 'Zoom in', zoomOut: 'Zoom out', cluster: (count) => `${count} sites here`, site: (each) => each.name }}
      onOpen={() => undefined}
      colourOf={() => '#2b8a3e'}
    />,
  );
  for (const name of ['Site 1', 'Site 2', 'Site 3']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '3 sites here' })).not.toBeInTheDocument();
});
