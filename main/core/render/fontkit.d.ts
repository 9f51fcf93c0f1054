// fontkit ships no types: only what fonts.ts uses (pdfkit takes the parsed font as it is).
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
