// The media types a download is served as, per operation (server.ts `c.file`, download.ts), and the signed JSON's
// shape: the document says what the server sends, not application/octet-stream
// (docs/decisions/0077-statuses-headers-and-webhooks.md).
import { MEDIA } from '../../core/books/book-file';

type Json = Record<string, unknown>;

const binary = (type: string, description: string): Json => ({ schema: { type: 'string', contentMediaType: type, description } });
const csv = (description: string): Json => ({ schema: { type: 'string', description } });

/**
 * MH's signed document as the receiver keeps it (dte/views.ts `signedJson`, dte/retorno/return-paper.ts): MH's JSON
 * for its kind and version, the JWS that signs it and MH's reception seal.
 */
const SIGNED_JSON: Json = {
  schema: {
    type: 'object',
    description: 'El JSON de MH del documento (su esquema según tipo y versión), con la firma y el sello de recepción de MH.',
    required: ['identificacion', 'firmaElectronica', 'selloRecibido'],
    properties: {
      identificacion: {
        type: 'object',
        description: 'La identificación de MH: versión, ambiente, tipoDte, numeroControl, codigoGeneracion, fecEmi…',
      },
      firmaElectronica: {
        type: 'string',
        description: 'El documento firmado: JWS compacto (RS512) con el certificado de MH de la empresa.',
      },
      selloRecibido: { type: ['string', 'null'], description: 'El sello de recepción de MH (40 caracteres).' },
    },
  },
};

const PDF = binary(MEDIA.pdf, 'PDF.');
const XLSX = binary(MEDIA.xlsx, 'Libro de Excel (XLSX).');

/** The content of each file answer; one entry per media type the operation may answer (by its `format`). */
export const FILE_CONTENT: Readonly<Record<string, Readonly<Record<string, Json>>>> = {
  'GET /dte/{id}/download/json': { 'application/json': SIGNED_JSON },
  'GET /dte/returns/{id}/json': { 'application/json': SIGNED_JSON },
  'GET /products/export': { [MEDIA.csv]: csv('El catálogo en CSV (UTF-8), `format=csv`.'), [MEDIA.xlsx]: XLSX },
  'GET /books/{book}': { [MEDIA.pdf]: PDF, [MEDIA.xlsx]: XLSX },
  'GET /annexes/{annex}': { [MEDIA.csv]: csv('El anexo en el formato de carga de MH (CSV; windows-1252 o UTF-8 según Ajustes).') },
  'GET /homologation/runs/{runId}/report': { [MEDIA.pdf]: PDF, [MEDIA.csv]: csv('El informe en CSV (UTF-8), `format=csv`.') },
  // The hub's (main/hub/http-books.ts).
  'GET /hub/v1/books/{book}': { [MEDIA.pdf]: PDF, [MEDIA.xlsx]: XLSX },
  'GET /hub/v1/annexes/{annex}': { [MEDIA.csv]: csv('El anexo en el formato de carga de MH (CSV).') },
};

/** A file answer the table does not name. */
export const ANY_FILE: Readonly<Record<string, Json>> = {
  'application/octet-stream': { schema: { type: 'string', description: 'El archivo, con Content-Disposition.' } },
};

export const PDF_CONTENT: Readonly<Record<string, Json>> = { [MEDIA.pdf]: PDF };
