/** fontkit ships no types; pdf-fonts.ts only parses a font file and hands the result to pdfkit. */
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
