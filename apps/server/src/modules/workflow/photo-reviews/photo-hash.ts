// A photo's perceptual hash: the difference hash of its 9×8 greyscale thumbnail (each of the 64
// bits says whether a pixel is brighter than its right-hand neighbour). The same scene encoded
// again, shrunk, or saved at another quality keeps nearly all its bits; another scene shares about
// half of them by chance. Two photos are near duplicates when few bits differ (NEAR_DUPLICATE_BITS).
import { loadSharp } from '../../../lib/sharp.ts';

const WIDTH = 9;
const HEIGHT = 8;

/** The photo's 64-bit hash as a signed bigint (PostgreSQL's bigint); null when it is not an image we can read. */
export async function photoHash(data: Buffer): Promise<bigint | null> {
  const sharp = await loadSharp();
  let pixels: Buffer;
  try {
    pixels = await sharp(data, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate().greyscale().resize(WIDTH, HEIGHT, { fit: 'fill' }).raw().toBuffer();
  } catch {
    return null;
  }
  let hash = 0n;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH - 1; x++) {
      const here = pixels[y * WIDTH + x] ?? 0;
      const right = pixels[y * WIDTH + x + 1] ?? 0;
      hash = (hash << 1n) | (here > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two hashes differ in. */
export function hashDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (rest > 0n) {
    bits += Number(rest & 1n);
    rest >>= 1n;
  }
  return bits;
}
