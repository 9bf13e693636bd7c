// Photos for tests of photo evidence: scenes drawn by sharp, each placed by its seed, so that one
// scene can be encoded again, shrunk or saved at another quality, and told from other scenes.
import sharp from 'sharp';

/** A scene drawn as a 1200×900 JPEG (or PNG): a lit wall, a door, a lamp and a sign, placed by `seed`. */
export async function scene(seed: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const at = (n: number) => ((seed * 7919 + n * 104729) % 1000) / 1000;
  const wall = `#${(seed * 2654435).toString(16).padStart(6, '0').slice(-6)}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="${at(1)}" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="#202830"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>
    <rect x="${100 + at(2) * 700}" y="${150 + at(3) * 300}" width="${200 + at(4) * 200}" height="${300 + at(5) * 200}" fill="#5a3b22"/>
    <circle cx="${100 + at(6) * 1000}" cy="${100 + at(7) * 700}" r="${60 + at(8) * 120}" fill="#e8e2c8"/>
    <rect x="${at(9) * 900}" y="${at(10) * 700}" width="260" height="90" fill="#c0392b"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}
