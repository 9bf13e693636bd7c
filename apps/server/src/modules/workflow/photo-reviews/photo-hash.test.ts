// The perceptual hash: one scene keeps its hash through another encoding, size and quality; other
// scenes are far from it.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_BITS } from '@fieldops/shared/evidence';
import { scene } from '../../../test/scenes.ts';
import { hashDistance, photoHash } from './photo-hash.ts';

describe('the perceptual hash of a photo', () => {
  it('keeps a scene through another encoding, size and quality, and tells other scenes apart', async () => {
    const original = await scene(1);
    const hash = await photoHash(original);
    expect(hash).not.toBeNull();
    const variants = [
      await sharp(original).jpeg({ quality: 35 }).toBuffer(),
      await sharp(original).resize(600).jpeg({ quality: 60 }).toBuffer(),
      await sharp(original).resize(320).webp({ quality: 50 }).toBuffer(),
      await scene(1, 'png'),
    ];
    for (const variant of variants) {
      expect(hashDistance(hash!, (await photoHash(variant))!)).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
    }
    for (const seed of [2, 3, 4, 5, 6]) {
      expect(hashDistance(hash!, (await photoHash(await scene(seed)))!)).toBeGreaterThan(NEAR_DUPLICATE_BITS * 2);
    }
  });

  it('has none for a file that is not an image', async () => {
    expect(await photoHash(Buffer.from('not a picture at all'))).toBeNull();
  });

  it('counts differing bits over all 64, the sign bit too', () => {
    expect(hashDistance(0n, 0n)).toBe(0);
    expect(hashDistance(-1n, 0n)).toBe(64);
    expect(hashDistance(BigInt.asIntN(64, 1n << 63n), 0n)).toBe(1);
    expect(hashDistance(0b1011n, 0b0110n)).toBe(3);
  });
});
