// The request fields' descriptions as the OpenAPI document shows them (docs/decisions/0076-fields-said-in-two-languages.md):
// Spanish first, then English, joined by DESCRIPTION_SEPARATOR. A field name that recurs with one meaning takes its
// words from here, so every body says the same thing of it; test/unit/openapi-descriptions.test.ts walks the document.
import type { z } from 'zod';

/** Between the Spanish and the English part of every description; neither part may contain it. */
export const DESCRIPTION_SEPARATOR = ' / ';

/** One description: Spanish first, then English. */
export function bilingual(es: string, en: string): string {
  if (es.includes(DESCRIPTION_SEPARATOR) || en.includes(DESCRIPTION_SEPARATOR)) {
    throw new Error(`a description part contains "${DESCRIPTION_SEPARATOR}": ${es}`);
  }
  return `${es}${DESCRIPTION_SEPARATOR}${en}`;
}

/**
 * A schema with its description, given last: `.optional()`/`.nullish()` wrapped after `.describe()` would move the
 * description into the `anyOf` branch and leave the field itself without one.
 */
export const described = <T extends z.ZodType>(schema: T, description: string): T => schema.describe(description);

/** The route that lists a catalog's codes (main/http/catalogs.ts). */
export const catalogRoute = (name: string): string => `\`GET /catalogs/${name}\``;

const cat = (mh: string, es: string, route: string) => `${mh} ${es}; códigos en ${catalogRoute(route)}`;
const catEn = (mh: string, en: string, route: string) => `${mh} ${en}; codes at ${catalogRoute(route)}`;

/** Descriptions of the contract's recurring fields. */
export const D = {
  id: bilingual(
    'Código de generación del documento (UUID) que elige quien llama; repetirlo con el mismo cuerpo devuelve el mismo documento (idempotencia).',
    "The document's generation code (UUID) the caller chooses; repeating it with the same body returns the same document (idempotency).",
  ),
  generatedAt: bilingual(
    'Fecha de emisión, aaaa-mm-dd, nunca posterior a hoy; si falta, hoy en la estación.',
    "Issue date, yyyy-MM-dd, never after today; when absent, the station's today.",
  ),
  paymentType: bilingual(
    'Condición de la operación (MH CAT-016): CONTADO (1), CREDITO (2) u OTRO (3); por omisión CONTADO.',
    'Operation condition (MH CAT-016): CONTADO (1, cash), CREDITO (2, credit) or OTRO (3); default CONTADO.',
  ),
  branchOffice: bilingual(
    'Sucursal y punto de venta; si se indica, el código debe ser el de esta estación (si no, 422).',
    "Branch and point of sale; when given, the code must be this station's (else 422).",
  ),
  mhCode: bilingual(
    'Código del establecimiento asignado por MH, exactamente 4 caracteres.',
    "The establishment's code assigned by MH, exactly 4 characters.",
  ),
  posNumber: bilingual('Número del punto de venta, entero de 1 a 999.', 'Point-of-sale number, an integer from 1 to 999.'),
  thirdPartySale: bilingual(
    'Venta a cuenta de terceros (MH ventaTercero): el tercero, identificado solo por NIT.',
    'Sale on behalf of a third party (MH ventaTercero): the third party, identified by NIT only.',
  ),
  identificationDocument: bilingual('Documento de identificación: tipo y número.', 'Identification document: type and number.'),
  idType: bilingual(
    `Tipo de documento (MH CAT-022): NIT (36), DUI (13), PASAPORTE (03), CARNET_RESIDENTE (02) u OTRO (37); lista en ${catalogRoute('identification-type')}.`,
    `Document type (MH CAT-022): NIT (36), DUI (13), PASAPORTE (03), CARNET_RESIDENTE (02) or OTRO (37); list at ${catalogRoute('identification-type')}.`,
  ),
  idNumber: bilingual(
    'Número sin guiones: NIT 14 dígitos, DUI 9 dígitos; otros tipos de 3 a 20 caracteres. El dígito verificador no se comprueba (decisión 0076).',
    'Number without hyphens: NIT 14 digits, DUI 9 digits; other types 3 to 20 characters. The check digit is not verified (decision 0076).',
  ),
  personName: bilingual('Nombre completo de la persona.', "The person's full name."),
  recipient: bilingual('El receptor del documento (MH receptor).', "The document's recipient (MH receptor)."),
  recipientName: bilingual('Nombre o razón social del receptor.', "The recipient's name or company name."),
  commercialName: bilingual('Nombre comercial, si es otro que el nombre.', 'Trade name, when it differs from the name.'),
  economicActivity: bilingual(
    cat('CAT-019', 'actividad económica, 5 dígitos', 'activity'),
    catEn('CAT-019', 'economic activity, 5 digits', 'activity'),
  ),
  contributorSize: bilingual(
    'Tamaño del contribuyente: GRANDE, MEDIANO u OTROS (solo informativo).',
    "The taxpayer's size: GRANDE (large), MEDIANO (medium) or OTROS (other); informative only.",
  ),
  contributorType: bilingual(
    'Tipo de persona: NATURAL o JURIDICA (solo informativo salvo en FEX, donde MH lo pide).',
    'Kind of person: NATURAL or JURIDICA (legal); informative except on the FEX, where MH requires it.',
  ),
  nrc: bilingual(
    'Número de Registro de Contribuyente (NRC), solo dígitos, sin guion.',
    'Taxpayer registration number (NRC), digits only, no hyphen.',
  ),
  phone: bilingual('Teléfono, 8 dígitos sin guion.', 'Telephone, 8 digits without hyphen.'),
  email: bilingual('Correo electrónico, hasta 100 caracteres.', 'E-mail address, up to 100 characters.'),
  address: bilingual('Dirección en El Salvador.', 'Address in El Salvador.'),
  department: bilingual(
    cat('CAT-012', 'departamento, 2 dígitos (no 00, que es otro país)', 'department'),
    catEn('CAT-012', 'department, 2 digits (not 00, which is another country)', 'department'),
  ),
  municipality: bilingual(
    `${cat('CAT-013', 'municipio, 2 dígitos, del departamento indicado (los de 2024 y los anteriores)', 'municipality')}?department=NN`,
    `${catEn('CAT-013', 'municipality, 2 digits, of the department given (2024 and earlier codes)', 'municipality')}?department=NN`,
  ),
  district: bilingual(
    `${cat('CAT-008', 'distrito, 2 dígitos, del municipio indicado; con la normativa 2026 es obligatorio salvo que el municipio lo determine (un código anterior a 2024, o un municipio de un solo distrito)', 'district')}?department=NN`,
    `${catEn('CAT-008', 'district, 2 digits, of the municipality given; under the 2026 normative required unless the municipality determines it (a pre-2024 code, or a municipality of one district)', 'district')}?department=NN`,
  ),
  complement: bilingual('Calle, número, colonia: el resto de la dirección.', 'Street, number, neighbourhood: the rest of the address.'),
  relatedTaxDocuments: bilingual(
    'Documentos que este ajusta o cita (MH documentoRelacionado), cada uno por su código de generación; deben existir en esta estación o en la central.',
    'Documents this one adjusts or cites (MH documentoRelacionado), each by its generation code; they must exist at this station or at the head office.',
  ),
  relatedId: bilingual('Código de generación (UUID) del documento relacionado.', "The related document's generation code (UUID)."),
  attachments: bilingual(
    'Otros documentos asociados (MH otrosDocumentos): EMISOR o RECEPTOR con su detalle, DOCTOR con el médico.',
    'Other associated documents (MH otrosDocumentos): EMISOR or RECEPTOR with their details, DOCTOR with the doctor.',
  ),
  attachmentCode: bilingual('Quién aporta el documento asociado (MH CAT-021).', 'Who provides the associated document (MH CAT-021).'),
  attachmentDetails: bilingual(
    'Identificación y descripción del documento asociado, hasta 300 caracteres; obligatorio con EMISOR o RECEPTOR.',
    'The associated document, identified and described, up to 300 characters; required with EMISOR or RECEPTOR.',
  ),
  doctor: bilingual('El médico, obligatorio con el código DOCTOR.', 'The doctor, required with code DOCTOR.'),
  doctorService: bilingual('El servicio médico (MH tipoServicio).', 'The medical service (MH tipoServicio).'),
  items: bilingual(
    'Las líneas del documento, al menos una (MH cuerpoDocumento).',
    "The document's lines, at least one (MH cuerpoDocumento).",
  ),
  itemType: bilingual(
    'Tipo de ítem (MH CAT-011): BIENES (1), SERVICIOS (2), BIENES_Y_SERVICIOS (3) u OTROS (4, una línea de tributo con taxCode).',
    'Item type (MH CAT-011): BIENES (1, goods), SERVICIOS (2, services), BIENES_Y_SERVICIOS (3, both) or OTROS (4, a tax line with taxCode).',
  ),
  internalCode: bilingual('Código del producto en el POS, hasta 25 caracteres.', "The product's code in the POS, up to 25 characters."),
  itemDescription: bilingual('Descripción de la línea, hasta 1000 caracteres.', "The line's description, up to 1000 characters."),
  quantityInteger: bilingual(
    'Cantidad en unidades enteras (entero positivo); con el encabezado `Sello-Extensions: decimal-quantity`, hasta 8 decimales.',
    'Quantity in whole units (a positive integer); with the `Sello-Extensions: decimal-quantity` header, up to 8 decimals.',
  ),
  quantityDecimal: bilingual('Cantidad, positiva, hasta 8 decimales.', 'Quantity, positive, up to 8 decimals.'),
  unitMeasure: bilingual(
    `${cat('CAT-014', 'unidad de medida, por su nombre (LIBRA, UNIDAD…); por omisión OTRA (99)', 'unit-measure')}.`,
    `${catEn('CAT-014', 'unit of measure, by name (LIBRA, UNIDAD…); default OTRA (99)', 'unit-measure')}.`,
  ),
  unitPrice: bilingual(
    'Precio unitario antes de IVA, en USD; hasta 8 decimales. En la FC Sello le suma el 13 % de IVA para MH.',
    'Unit price before VAT, USD; up to 8 decimals. On the FC Sello adds the 13 % VAT for MH.',
  ),
  discountAmount: bilingual(
    'Descuento de la línea en USD (no porcentaje), antes de IVA; hasta 8 decimales; no mayor que cantidad × precio.',
    "The line's discount in USD (not a percentage), before VAT; up to 8 decimals; not above quantity × price.",
  ),
  saleType: bilingual(
    'Tipo de venta de la línea: GRAVADA (con IVA 13 %), EXENTA o NO_SUJETA.',
    "The line's sale type: GRAVADA (13 % VAT), EXENTA (exempt) or NO_SUJETA (not subject).",
  ),
  documentNumberOptional: bilingual(
    'Código de generación del documento relacionado que esta línea ajusta; si se indica, uno de los ids de relatedTaxDocuments.',
    'Generation code of the related document this line adjusts; when given, one of the ids in relatedTaxDocuments.',
  ),
  documentNumberRequired: bilingual(
    'Código de generación del documento que esta línea ajusta (el CCF o CR); obligatorio, uno de los ids de relatedTaxDocuments.',
    'Generation code of the document this line adjusts (the CCF or CR); required, one of the ids in relatedTaxDocuments.',
  ),
  taxCode: bilingual(
    `${cat('CAT-015', 'tributo de una línea OTROS (sección 2: A8, 57, 90, D4, D5, A6); solo y siempre en una línea OTROS', 'tax')}.`,
    `${catEn('CAT-015', 'tax of an OTROS line (section 2: A8, 57, 90, D4, D5, A6); only and always on an OTROS line', 'tax')}.`,
  ),
  psv: bilingual(
    'Precio sugerido de venta (MH psv) en USD, hasta 8 decimales; informativo.',
    'Suggested retail price (MH psv) in USD, up to 8 decimals; informative.',
  ),
  itemsNoGrav: bilingual(
    'Montos no gravados (MH noGravado): cargos que no son venta, sin IVA.',
    'Non-taxed amounts (MH noGravado): charges that are not sales, without VAT.',
  ),
  amountNoGrav: bilingual('Monto en USD, positivo, hasta 8 decimales.', 'Amount in USD, positive, up to 8 decimals.'),
  payments: bilingual(
    'Cómo pagó el cliente (MH pagos), de 1 a 10 formas que suman el total a pagar; sin él, todo en efectivo (01).',
    'How the customer paid (MH pagos), 1 to 10 methods adding up to the amount to pay; without it, all cash (01).',
  ),
  paymentMethod: bilingual(
    `${cat('CAT-017', 'forma de pago, 2 dígitos (01 billetes y monedas, 03 tarjeta de crédito…)', 'payment-method')}.`,
    `${catEn('CAT-017', 'payment method, 2 digits (01 cash, 03 credit card…)', 'payment-method')}.`,
  ),
  paymentAmount: bilingual(
    'Monto pagado de esta forma, en USD, con centavos (2 decimales).',
    'Amount paid this way, USD, in cents (2 decimals).',
  ),
  paymentReference: bilingual(
    'Referencia del pago (últimos dígitos de la tarjeta, número de transferencia), hasta 50 caracteres.',
    "The payment's reference (the card's last digits, the transfer's number), up to 50 characters.",
  ),
  cashReceived: bilingual(
    'Efectivo que entregó el cliente, en USD (2 decimales), para el vuelto en el papel; no va a MH.',
    'Cash the customer handed over, USD (2 decimals), for the change on paper; not sent to MH.',
  ),
  discountNoSuj: bilingual(
    'Descuento global sobre las ventas no sujetas, en USD (2 decimales).',
    'Global discount on non-subject sales, USD (2 decimals).',
  ),
  discountExe: bilingual(
    'Descuento global sobre las ventas exentas, en USD (2 decimales).',
    'Global discount on exempt sales, USD (2 decimals).',
  ),
  discountGrav: bilingual(
    'Descuento global sobre las ventas gravadas, en USD (2 decimales), antes de IVA.',
    'Global discount on taxed sales, USD (2 decimals), before VAT.',
  ),
  discount: bilingual('Descuento global, en USD (2 decimales).', 'Global discount, USD (2 decimals).'),
  retentionIva: bilingual(
    'IVA retenido por el receptor (MH ivaRete1), en USD (2 decimales); solo con ventas gravadas.',
    'VAT withheld by the recipient (MH ivaRete1), USD (2 decimals); only with taxed sales.',
  ),
  retentionRenta: bilingual(
    'Renta retenida (MH reteRenta), en USD (2 decimales).',
    'Income tax withheld (MH reteRenta), USD (2 decimals).',
  ),
  country: bilingual(
    `País del receptor, ISO 3166-1 alfa-2 (el CAT-020 de la normativa 2026; en la anterior Sello lo traduce al CAT-020 de cuatro dígitos, que no tiene AQ, BL, BV, GS, HM, MF ni SS); códigos en ${catalogRoute('country')}.`,
    `The recipient's country, ISO 3166-1 alpha-2 (the 2026 normative's CAT-020; under the earlier one Sello maps it to the four-digit CAT-020, which lacks AQ, BL, BV, GS, HM, MF and SS); codes at ${catalogRoute('country')}.`,
  ),
  invalidationPerson: bilingual(
    'Persona (nombre de 5 a 100 caracteres e identificación).',
    'A person (name of 5 to 100 characters and identification).',
  ),
  reason: bilingual('Motivo, en palabras.', 'The reason, in words.'),
  cursor: bilingual(
    'Cursor de la página siguiente, tal como lo dio la respuesta anterior.',
    "The next page's cursor, as the previous answer gave it.",
  ),
  limit: bilingual('Cuántos elementos por página.', 'How many items per page.'),
  receiptWidth: bilingual('Ancho del recibo en mm: 58 u 80.', "The receipt's width in mm: 58 or 80."),
  month: bilingual('El mes, aaaa-mm.', 'The month, yyyy-MM.'),
  dateFrom: bilingual('Desde este día, aaaa-mm-dd, incluido.', 'From this day, yyyy-MM-dd, inclusive.'),
  dateTo: bilingual('Hasta este día, aaaa-mm-dd, incluido.', 'Up to this day, yyyy-MM-dd, inclusive.'),
  login: bilingual('Usuario de la persona.', "The person's login."),
  password: bilingual('Contraseña.', 'Password.'),
  role: bilingual('Rol: CASHIER (cajero), SUPERVISOR o ADMIN (administrador).', 'Role: CASHIER, SUPERVISOR or ADMIN.'),
} as const;
