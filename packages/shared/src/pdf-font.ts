// An embedded TrueType font that draws shaped text (fontkit layout: Arabic joining forms,
// ligatures, marks placed by the font's positioning rules) and keeps it real, extractable text.
// Noto Sans Arabic builds several letters from one dotless body plus dots (ج ح خ share a body),
// so one glyph can stand for different letters. Each (glyph, letters) pair therefore gets its own
// character id: CIDToGIDMap points ids to glyphs and ToUnicode gives each id its letters, so
// copying or searching the text returns what was written.
import fontkit from '@pdf-lib/fontkit';
import type { Font, Glyph, GlyphPosition } from '@pdf-lib/fontkit';
import { PDFName, PDFString, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { must } from './must.ts';
import { mirrorOf, type VisualRun } from './pdf-text.ts';

interface Shaped {
  glyphs: Glyph[];
  positions: GlyphPosition[];
  advance: number;
}

type LayoutWithDirection = (
  text: string,
  features: string[],
  script: undefined,
  language: undefined,
  direction: 'ltr' | 'rtl',
) => {
  glyphs: Glyph[];
  positions: GlyphPosition[];
};

const num = (value: number) => {
  const text = value.toFixed(2);
  return text.includes('.') ? text.replace(/\.?0+$/, '') || '0' : text;
};

const hex4 = (value: number) => value.toString(16).padStart(4, '0');

/** UTF-16BE hex of a string, as ToUnicode wants it. */
function utf16Hex(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) out += hex4(text.charCodeAt(index));
  return out;
}

const SHAPE_CACHE_LIMIT = 50_000;

export class EmbeddedFont {
  readonly ref: PDFRef;
  private readonly font: Font;
  private readonly ids = new Map<string, number>();
  /** Per character id (index): the font's glyph id, its letters and its default width. */
  private readonly glyphOf: number[] = [0];
  private readonly textOf: string[] = [''];
  private readonly widthOf: number[] = [0];
  private readonly shapes = new Map<string, Shaped>();

  constructor(
    private readonly doc: PDFDocument,
    bytes: Uint8Array,
  ) {
    this.font = fontkit.create(bytes);
    // fontkit keeps one glyph object per glyph id, carrying the letters of its first use; a
    // shaped glyph must carry the letters it stands for here, so each request gets its own view.
    const getGlyph = this.font.getGlyph.bind(this.font);
    this.font.getGlyph = (id: number, codePoints: number[] = []) => Object.create(getGlyph(id, codePoints), { codePoints: { value: codePoints } }) as Glyph;
    this.ref = doc.context.nextRef();
    this.widthOf[0] = this.font.getGlyph(0).advanceWidth;
  }

  private get unitsPerEm() {
    return this.font.unitsPerEm;
  }

  /** Glyphs and positions of a run, in visual order (fontkit reverses right-to-left runs). */
  shape(text: string, rtl: boolean): Shaped {
    const key = `${rtl ? 'r' : 'l'}${text}`;
    let shaped = this.shapes.get(key);
    if (!shaped) {
      const layout = (this.font.layout as unknown as LayoutWithDirection).bind(this.font);
      const run = layout(text, [], undefined, undefined, rtl ? 'rtl' : 'ltr');
      shaped = { glyphs: run.glyphs, positions: run.positions, advance: run.positions.reduce((sum, p) => sum + p.xAdvance, 0) };
      if (this.shapes.size < SHAPE_CACHE_LIMIT) this.shapes.set(key, shaped);
    }
    return shaped;
  }

  /** The width in points of text set in logical order (its direction does not change it). */
  width(text: string, size: number): number {
    return (this.shape(text, false).advance * size) / this.unitsPerEm;
  }

  widthOfRuns(runs: readonly VisualRun[], size: number): number {
    return runs.reduce((sum, run) => sum + (this.shape(run.text, run.rtl).advance * size) / this.unitsPerEm, 0);
  }

  private idFor(glyph: Glyph, rtl: boolean): number {
    let text = String.fromCodePoint(...glyph.codePoints);
    // A right-to-left run comes with its brackets mirrored (pdf-text.ts); the text is the original.
    if (rtl && text.length === 1) text = mirrorOf(text) ?? text;
    const key = `${glyph.id}:${text}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.glyphOf.length;
      this.ids.set(key, id);
      this.glyphOf.push(glyph.id);
      this.textOf.push(text);
      this.widthOf.push(glyph.advanceWidth);
    }
    return id;
  }

  /**
   * Content-stream operators that draw the runs from (x, y) to the right in `color` (an "r g b rg"
   * operator). Glyphs go in TJ arrays whose adjustments carry the shaped advances; a glyph the
   * font moves off its pen position (a mark) is placed on its own. A glyph that stands for no
   * letter of its own (the dots the font adds to a dotless body) is drawn as a shape, so copied
   * text holds only the letters.
   */
  showRuns(runs: readonly VisualRun[], x: number, y: number, size: number, fontName: string, color: string): string {
    const scale = size / this.unitsPerEm;
    const ops: string[] = [color, `BT /${fontName} ${num(size)} Tf`];
    let pen = x;
    let open = false;
    let inText = true;
    const close = () => {
      if (open) ops.push('] TJ');
      open = false;
    };
    for (const run of runs) {
      const { glyphs, positions } = this.shape(run.text, run.rtl);
      glyphs.forEach((glyph, index) => {
        const position = must(positions[index], 'fontkit lays out one position per glyph');
        const gx = pen + position.xOffset * scale;
        const gy = y + position.yOffset * scale;
        pen += position.xAdvance * scale;
        if (glyph.codePoints.length === 0) {
          close();
          if (inText) ops.push('ET');
          inText = false;
          ops.push(`q ${scale.toFixed(6)} 0 0 ${scale.toFixed(6)} ${num(gx)} ${num(gy)} cm ${glyphPath(glyph)} f Q`);
          return;
        }
        if (!inText) {
          ops.push(`BT /${fontName} ${num(size)} Tf`);
          inText = true;
        }
        const id = this.idFor(glyph, run.rtl);
        const moved = position.xOffset !== 0 || position.yOffset !== 0;
        if (moved || !open) {
          close();
          ops.push(`1 0 0 1 ${num(gx)} ${num(gy)} Tm [`);
          open = true;
        }
        ops.push(`<${hex4(id)}>`);
        // idFor gave the id its width; without one the advance needs no adjustment.
        const adjust = (((this.widthOf[id] ?? position.xAdvance) - position.xAdvance) * 1000) / this.unitsPerEm;
        if (Math.abs(adjust) > 0.01) ops.push(num(adjust));
        if (moved) close();
      });
    }
    close();
    if (inText) ops.push('ET');
    return ops.join(' ');
  }

  /** Writes the subset font and its dictionaries; call once, after all drawing. */
  async finish(name: string): Promise<void> {
    const { context } = this.doc;
    const subset = this.font.createSubset();
    const newGlyph = this.glyphOf.map((glyph) => subset.includeGlyph(glyph));
    const fontFile = await new Promise<Uint8Array>((resolve, reject) => {
      const parts: Uint8Array[] = [];
      const stream = subset.encodeStream() as unknown as {
        on(event: 'data', listener: (bytes: Uint8Array) => void): void;
        on(event: 'end', listener: () => void): void;
        on(event: 'error', listener: (error: unknown) => void): void;
      };
      stream.on('data', (bytes) => parts.push(bytes));
      stream.on('end', () => {
        const total = parts.reduce((sum, part) => sum + part.length, 0);
        const joined = new Uint8Array(total);
        let offset = 0;
        for (const part of parts) {
          joined.set(part, offset);
          offset += part.length;
        }
        resolve(joined);
      });
      stream.on('error', reject);
    });

    const cidToGid = new Uint8Array(newGlyph.length * 2);
    newGlyph.forEach((glyph, id) => {
      cidToGid[id * 2] = glyph >> 8;
      cidToGid[id * 2 + 1] = glyph & 0xff;
    });

    const entries = this.textOf.map((text, id) => `<${hex4(id)}> <${utf16Hex(text)}>`).slice(1);
    const blocks: string[] = [];
    for (let start = 0; start < entries.length; start += 100) {
      const block = entries.slice(start, start + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    const toUnicode = [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <ffff>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');

    const toPdf = (value: number) => Math.round((value * 1000) / this.unitsPerEm);
    const { bbox } = this.font;
    const baseFont = `${subsetTag(name)}+${(this.font.postscriptName || name).replace(/[^A-Za-z0-9-]/g, '')}`;
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: baseFont,
      Flags: 4,
      FontBBox: [toPdf(bbox.minX), toPdf(bbox.minY), toPdf(bbox.maxX), toPdf(bbox.maxY)],
      ItalicAngle: 0,
      Ascent: toPdf(this.font.ascent),
      Descent: toPdf(this.font.descent),
      CapHeight: toPdf(this.font.capHeight || this.font.ascent),
      StemV: 80,
      FontFile2: context.register(context.flateStream(fontFile)),
    });
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: [0, this.widthOf.map(toPdf)],
      CIDToGIDMap: context.register(context.flateStream(cidToGid)),
    });
    context.assign(
      this.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: baseFont,
        Encoding: 'Identity-H',
        DescendantFonts: [context.register(cidFont)],
        ToUnicode: context.register(context.flateStream(toUnicode)),
      }),
    );
  }
}

/** A glyph's outline as PDF path operators, in font units (quadratic curves made cubic). */
function glyphPath(glyph: Glyph): string {
  const ops: string[] = [];
  let current = { x: 0, y: 0 };
  const context = {
    moveTo(x: number, y: number) {
      ops.push(`${num(x)} ${num(y)} m`);
      current = { x, y };
    },
    lineTo(x: number, y: number) {
      ops.push(`${num(x)} ${num(y)} l`);
      current = { x, y };
    },
    quadraticCurveTo(cx: number, cy: number, x: number, y: number) {
      const c1 = { x: current.x + (2 / 3) * (cx - current.x), y: current.y + (2 / 3) * (cy - current.y) };
      const c2 = { x: x + (2 / 3) * (cx - x), y: y + (2 / 3) * (cy - y) };
      ops.push(`${num(c1.x)} ${num(c1.y)} ${num(c2.x)} ${num(c2.y)} ${num(x)} ${num(y)} c`);
      current = { x, y };
    },
    bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) {
      ops.push(`${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(x)} ${num(y)} c`);
      current = { x, y };
    },
    closePath() {
      ops.push('h');
    },
  };
  (glyph.path.toFunction() as (ctx: typeof context) => void)(context);
  return ops.join(' ');
}

/** Six capital letters naming a subset, as PDF readers expect before the font name. */
function subsetTag(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  let tag = '';
  for (let index = 0; index < 6; index += 1) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + index * 7;
  }
  return tag;
}

/** A clickable area of `page` (left, bottom, right, top in points) that opens `url`. */
export function addLink(doc: PDFDocument, page: PDFPage, rect: readonly [number, number, number, number], url: string): void {
  const annotation = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [...rect],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
  });
  page.node.addAnnot(doc.context.register(annotation));
}

/**
 * Puts each page's text operators on it, with `regular` as font FR and `bold` as FB, then writes
 * the two fonts (once, after all drawing) and the file.
 */
export async function savePages(
  doc: PDFDocument,
  pages: readonly { page: PDFPage; ops: readonly string[] }[],
  regular: EmbeddedFont,
  bold: EmbeddedFont,
): Promise<Uint8Array> {
  for (const { page, ops } of pages) {
    page.node.setFontDictionary(PDFName.of('FR'), regular.ref);
    page.node.setFontDictionary(PDFName.of('FB'), bold.ref);
    page.node.addContentStream(doc.context.register(doc.context.flateStream(ops.join('\n'))));
  }
  await regular.finish('NotoSansArabic');
  await bold.finish('NotoSansArabicBold');
  return doc.save();
}
