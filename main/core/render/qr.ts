// The QR to MH's public lookup (docs/mh.md, the customer's copy): ambiente, codGen (upper case) and fechaEmi.
import QRCode from 'qrcode';

export const PUBLIC_LOOKUP = 'https://admin.factura.gob.sv/consultaPublica';

export const lookupUrl = (ambiente: string, codigoGeneracion: string, fecEmi: string): string =>
  `${PUBLIC_LOOKUP}?ambiente=${encodeURIComponent(ambiente)}&codGen=${encodeURIComponent(codigoGeneracion.toUpperCase())}&fechaEmi=${encodeURIComponent(fecEmi)}`;

export const qrPng = (url: string, size = 300): Promise<Buffer> =>
  QRCode.toBuffer(url, { type: 'png', width: size, margin: 2, errorCorrectionLevel: 'M' });

export const qrDataUri = (url: string): Promise<string> =>
  QRCode.toDataURL(url, { type: 'image/png', width: 300, margin: 2, errorCorrectionLevel: 'M' });
