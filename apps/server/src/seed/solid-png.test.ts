import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sniffImage } from '../lib/uploads.ts';
import { solidPng } from './solid-png.ts';

describe('solidPng', () => {
  it('makes a PNG the upload checks accept, with the size and colour asked for', () => {
    const png = solidPng(4, 3, '#0c8599');
    expect(sniffImage(png)).toEqual({ extension: 'png', mime: 'image/png' });
    expect(png.readUInt32BE(16)).toBe(4);
    expect(png.readUInt32BE(20)).toBe(3);
    // The IDAT chunk starts after the signature (8), IHDR (25) and its own length and type (8).
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const pixels = zlib.inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(3 * (1 + 4 * 3));
    expect([...pixels.subarray(1, 4)]).toEqual([0x0c, 0x85, 0x99]);
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND');
  });
});
