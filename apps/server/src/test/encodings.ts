// Text in the encodings spreadsheets write that Node cannot encode by itself.

/** Windows-1256 bytes of `text`, from the decoder's own table read backwards. */
export function windows1256(text: string): Buffer {
  const decoder = new TextDecoder('windows-1256');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    [...text].map((ch) => {
      const byte = table.get(ch);
      if (byte === undefined) throw new Error(`no Windows-1256 byte for ${ch}`);
      return byte;
    }),
  );
}
