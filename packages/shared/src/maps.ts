// The maps' settings the web app reads from the server: where raster tiles come from and whose
// attribution they carry (MAP_TILE_URL and MAP_TILE_ATTRIBUTION on the server).
import { z } from 'zod';

/** `GET /api/v1/maps/settings`. `tileUrl` is a template with {z}, {x} and {y}. */
export const mapSettings = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
});
export type MapSettings = z.infer<typeof mapSettings>;
