// What the app's maps share once Leaflet has arrived: the map's accessible name, the pins drawn
// as inline SVG (no image files, so nothing but the tiles comes from outside the app) and the
// clusters of the part of a map in view.
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { useMap, useMapEvents } from 'react-leaflet';
import type Supercluster from 'supercluster';

/** The names every clustered map gives its parts. */
export interface ClusterMapLabels {
  map: string;
  zoomIn: string;
  zoomOut: string;
  cluster: (count: number) => string;
}

/** Names the map for assistive technology: a focusable region whose arrow keys pan it. */
export function MapName({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** Markers drawn with inline SVG in the app's colours; `label` is their accessible name. */
export function pinIcon(label: string): L.DivIcon {
  return L.divIcon({
    className: 'fo-map-pin',
    html: `<svg width="28" height="40" viewBox="0 0 28 40" aria-hidden="true" focusable="false"><path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="#1c7ed6" stroke="#fff" stroke-width="2"/><circle cx="14" cy="14" r="5" fill="#fff"/></svg><span class="fo-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [28, 40],
    iconAnchor: [14, 40],
  });
}

export function handleIcon(label: string): L.DivIcon {
  return L.divIcon({
    className: 'fo-map-handle',
    html: `<span class="fo-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
}

/**
 * A polygon corner; with a `label` (its accessible name) and its `index` it can be grabbed: larger,
 * named for assistive technology, and its class says which corner it is (`fo-map-corner-2`).
 */
export function vertexIcon(label?: string, index = 0): L.DivIcon {
  if (!label) return L.divIcon({ className: 'fo-map-vertex', html: '', iconSize: [12, 12], iconAnchor: [6, 6] });
  return L.divIcon({
    className: `fo-map-vertex fo-map-vertex-movable fo-map-corner-${index}`,
    html: `<span class="fo-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The clusters and single points of `index` in the map's view, drawn again when the map has moved,
 * and one icon per look: a new icon would replace a marker's element, and a focused marker would
 * lose its focus.
 */
export function useClustersInView<P extends object, C extends object>(index: Supercluster<P, C>) {
  const map = useMap();
  const icons = useRef(new Map<string, L.DivIcon>());
  const iconOf = (key: string, make: () => L.DivIcon) => {
    let icon = icons.current.get(key);
    if (!icon) icons.current.set(key, (icon = make()));
    return icon;
  };
  const view = () => {
    const b = map.getBounds();
    return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as [number, number, number, number], zoom: Math.round(map.getZoom()) };
  };
  const [shown, setShown] = useState(view);
  useMapEvents({ moveend: () => setShown(view()) });
  const features = useMemo(() => index.getClusters(shown.bbox, shown.zoom), [index, shown]);
  return { map, features, iconOf };
}
