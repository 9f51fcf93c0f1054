// What the catalog routes answer (shared/catalog.ts): a product, a page of them, an import's preview or result;
// proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { PRODUCT_ITEM_TYPES } from '../../../../shared/catalog';
import { SALE_TYPES } from '../../../../shared/contract/common';
import { fieldErrorCode } from './dte';
import { same, type Answer, type Same } from './proof';

const productData = {
  code: z.string().describe('El código interno, único. / The internal code, unique.'),
  barcodes: z.array(z.string()).describe('Los códigos de barras del producto. / The product barcodes.'),
  description: z.string(),
  unitMeasure: z.string().describe('La unidad de medida del contrato (UNIDAD, LIBRA…; CAT-014 de MH). / The unit of measure.'),
  itemType: z.enum(PRODUCT_ITEM_TYPES).describe('BIENES, SERVICIOS o ambos (CAT-011 de MH). / Goods, services or both.'),
  saleType: z.enum(SALE_TYPES).describe('GRAVADA, EXENTA o NO_SUJETA. / Taxed, exempt or not subject.'),
  shelfPrice: z
    .string()
    .describe('Precio de estante por unidad CON IVA, USD como texto decimal. / Shelf price per unit WITH IVA, USD decimal string.'),
  netPrice: z
    .string()
    .describe(
      'Precio por unidad ANTES de IVA: el `unitPrice` que se envía al emitir. / Unit price BEFORE IVA: the `unitPrice` to send when issuing.',
    ),
  active: z.boolean().describe('Se ofrece en el mostrador. / Offered at the counter.'),
};

export const product = z
  .strictObject({
    id: z.string().describe('El id del producto (GET /products/{id}). / The product id.'),
    ...productData,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });

export const productPage = z.strictObject({
  items: z.array(product).describe('En orden de código. / In code order.'),
  nextCursor: z
    .string()
    .nullable()
    .describe('Envíelo como `cursor` para la página siguiente; null en la última. / Send as `cursor` for the next page; null on the last.'),
});

export const productImportResult = z.strictObject({
  applied: z.boolean().describe('Se guardaron las filas sin errores (apply: true), o es una vista previa. / Saved, or a preview.'),
  rows: z.array(
    z.strictObject({
      row: z.number().int().describe('La fila como la numera la hoja: el encabezado es la 1. / The sheet row; the header is 1.'),
      code: z.string().nullable(),
      action: z.enum(['create', 'update', 'unchanged', 'error']),
      errors: z.array(z.strictObject({ path: z.string(), code: fieldErrorCode, message: z.string() })),
      changed: z.array(z.string()).optional(),
      id: z.string().optional(),
      product: z.strictObject(productData).optional(),
    }),
  ),
  summary: z.strictObject({
    rows: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  ignoredColumns: z.array(z.string()),
});

same<Same<z.output<typeof product>, Answer<'getProduct'>>>(true);
same<Same<z.output<typeof product>, Answer<'createProduct'>>>(true);
same<Same<z.output<typeof product>, Answer<'updateProduct'>>>(true);
same<Same<z.output<typeof productPage>, Answer<'listProducts'>>>(true);
same<Same<z.output<typeof productImportResult>, Answer<'importProducts'>>>(true);
