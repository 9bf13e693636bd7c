import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@fieldops/shared/limits';
import { MSG } from '@fieldops/shared/messages';
import { imageFileProblem, imageFilesProblem, pictureFileProblem, sniffImageType } from './image-files.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const GIF87 = [...'GIF87a'].map((c) => c.charCodeAt(0));
const GIF89 = [...'GIF89a'].map((c) => c.charCodeAt(0));

const file = (bytes: number[], name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and both GIF signatures', () => {
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array(GIF87))).toBe('image/gif');
    expect(sniffImageType(new Uint8Array(GIF89))).toBe('image/gif');
  });

  it('refuses other content, a truncated signature and nothing at all', () => {
    expect(sniffImageType(new TextEncoder().encode('hello world'))).toBeNull();
    expect(sniffImageType(new Uint8Array(PNG.slice(0, 4)))).toBeNull();
    expect(sniffImageType(new Uint8Array([...'GIF88a'].map((c) => c.charCodeAt(0))))).toBeNull();
    // A PDF and a WebP are images people try, but not accepted ones.
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBP'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('imageFileProblem', () => {
  it('accepts real images whatever their name says', async () => {
    expect(await imageFileProblem(file(PNG, 'photo.png', 'image/png'))).toBeNull();
    expect(await imageFileProblem(file(JPEG, 'photo.jpg', 'image/jpeg'))).toBeNull();
    expect(await imageFileProblem(file(GIF89, 'anim.gif', 'image/gif'))).toBeNull();
    expect(await imageFileProblem(file(PNG, 'no-extension', ''))).toBeNull();
  });

  it('refuses a text file renamed to .png', async () => {
    const renamed = new File(['just some notes'], 'notes.png', { type: 'image/png' });
    expect(await imageFileProblem(renamed)).toBe(MSG.invalidFile);
  });

  it('refuses an empty file', async () => {
    expect(await imageFileProblem(new File([], 'empty.png', { type: 'image/png' }))).toBe(MSG.invalidFile);
  });

  it('refuses an image of 10 MB or more', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES);
    big.set(PNG);
    expect(await imageFileProblem(new File([big], 'big.png', { type: 'image/png' }))).toBe(MSG.fileTooLarge);
    expect(await imageFileProblem(new File([big.subarray(0, MAX_UPLOAD_BYTES - 1)], 'ok.png'))).toBeNull();
  });
});

describe('imageFilesProblem', () => {
  it('passes when every file is an image and names the first problem otherwise', async () => {
    expect(await imageFilesProblem([file(PNG, 'a.png', 'image/png'), file(GIF87, 'b.gif', 'image/gif')])).toBeNull();
    expect(await imageFilesProblem([file(PNG, 'a.png', 'image/png'), new File(['text'], 'b.jpg', { type: 'image/jpeg' })])).toBe(MSG.invalidFile);
    expect(await imageFilesProblem([])).toBeNull();
  });
});

describe('pictureFileProblem', () => {
  it('names a file that is not an image so, for an avatar or a logo; an image passes and a large one is too large', async () => {
    expect(await pictureFileProblem(new File(['%PDF-1.7'], 'logo.pdf', { type: 'application/pdf' }))).toBe(MSG.notAnImage);
    expect(await pictureFileProblem(new File(['text'], 'logo.png', { type: 'image/png' }))).toBe(MSG.notAnImage);
    expect(await pictureFileProblem(file(PNG, 'logo.png', 'image/png'))).toBeNull();
    const big = new Uint8Array(MAX_UPLOAD_BYTES);
    big.set(PNG);
    expect(await pictureFileProblem(new File([big], 'big.png'))).toBe(MSG.fileTooLarge);
  });
});
