// What the app's maps share once Leaflet has arrived: the map's accessible name and the pins drawn
// as inline SVG (no image files, so nothing but the tiles comes from outside the app).
import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';

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
