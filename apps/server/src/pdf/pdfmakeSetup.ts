import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { TFontDictionary } from 'pdfmake/interfaces';

/** pdfmake's set-up, shared by every PDF the server writes (reports, sketch exports, the demo's guides). */
const require = createRequire(import.meta.url);

/** The names PDFKit knows without a file (it sets Helvetica as the default font of every document). */
const STANDARD_FONTS = new Set([
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Symbol',
  'ZapfDingbats',
]);

let configured = false;

/** Roboto from pdfmake's own fonts folder; no URL access; local access to those four files only. */
export function configurePdfmake(): void {
  if (configured) return;
  const bundled = require('pdfmake/fonts/Roboto') as TFontDictionary;
  const roboto = bundled.Roboto!;
  const files = [roboto.normal, roboto.bold, roboto.italics, roboto.bolditalics].map((file) =>
    path.resolve(String(file)),
  );
  const [normal, bold, italics, bolditalics] = files as [string, string, string, string];
  const allowed = new Set(files);
  pdfmake.setFonts({ Roboto: { normal, bold, italics, bolditalics } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file) => STANDARD_FONTS.has(file) || allowed.has(path.resolve(file)));
  configured = true;
}
