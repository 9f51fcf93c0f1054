// POST /dte/nr: nota de remisión (MH tipoDte 04), goods that travel without a sale (docs/decisions/0080-nota-de-remision.md).
import { z } from 'zod';
import { companyBranch } from '../branches';
import {
  MAX_ITEMS,
  address,
  branchOffice,
  checkItemDocuments,
  economicActivity,
  email,
  goodsItemOf,
  identificationDocument,
  phone8,
  relatedTaxDocuments,
  thirdPartySale,
  type QuantityRule,
} from './common';
import { addRuleIssue, digits, isoDate, optional, positiveMoney, text, uuid } from './primitives';
import { D, bilingual, catalogRoute, described } from './descriptions';

/** MH CAT-025 "Título a que se remiten los bienes", by the contract's name. */
export const GOODS_TITLES = ['DEPOSITO', 'PROPIEDAD', 'CONSIGNACION', 'TRASLADO', 'OTROS'] as const;
export type GoodsTitle = (typeof GOODS_TITLES)[number];

/** The NR's receptor: anyone identified by a CAT-022 document; an NRC only with a NIT (MH's rule). */
export const nrRecipient = z
  .strictObject({
    name: described(text(250), D.recipientName),
    identificationDocument: described(identificationDocument(), D.identificationDocument),
    nrc: described(
      optional(digits(2, 8)),
      bilingual(
        'NRC del receptor, de 2 a 8 dígitos; solo con NIT (regla de MH).',
        "The recipient's NRC, 2 to 8 digits; only with a NIT (MH's rule).",
      ),
    ),
    economicActivity: described(
      optional(economicActivity()),
      bilingual(
        `Actividad económica del receptor (MH CAT-019, códigos en ${catalogRoute('activity')}); la normativa 2026 la exige.`,
        `The recipient's economic activity (MH CAT-019, codes at ${catalogRoute('activity')}); the 2026 normative requires it.`,
      ),
    ),
    commercialName: described(optional(text(150)), D.commercialName),
    address: described(address(), D.address),
    phone: described(optional(phone8()), D.phone),
    email: described(email(), D.email),
  })
  .superRefine((r, ctx) => {
    if (r.nrc != null && r.identificationDocument.type !== 'NIT')
      addRuleIssue(ctx, ['nrc'], 'NOT_ALLOWED', 'MH solo admite el NRC del receptor cuando se identifica con NIT.');
  });

/** Whoever hands the goods over or receives them (MH nombEntrega/docuEntrega, nombRecibe/docuRecibe). */
const handler = (es: string, en: string) =>
  described(
    optional(
      z.strictObject({
        name: described(text(100), bilingual('Nombre, hasta 100 caracteres.', 'Name, up to 100 characters.')),
        document: described(
          text(25),
          bilingual(
            'Documento de identificación tal como se escribe, hasta 25 caracteres.',
            'Identification document as written, up to 25 characters.',
          ),
        ),
      }),
    ),
    bilingual(es, en),
  );

export const nrBodyOf = (rule: QuantityRule) =>
  z
    .strictObject({
      id: described(uuid(), D.id),
      generatedAt: described(optional(isoDate()), D.generatedAt),
      branchOffice: described(optional(branchOffice), D.branchOffice),
      goodsTitle: described(
        z.enum(GOODS_TITLES),
        bilingual(
          'Título a que se remiten los bienes (MH CAT-025 bienTitulo): DEPOSITO (01), PROPIEDAD (02), CONSIGNACION (03), TRASLADO (04) u OTROS (05).',
          'Why the goods travel (MH CAT-025 bienTitulo): DEPOSITO (01, deposit), PROPIEDAD (02, ownership), CONSIGNACION (03, consignment), TRASLADO (04, transfer) or OTROS (05, other).',
        ),
      ),
      destinationBranch: described(
        optional(companyBranch),
        bilingual(
          'Establecimiento de la empresa al que van los bienes (traslado entre sucursales), otro que el que emite; sin `recipient`, el receptor es la propia empresa en esa dirección.',
          "The company's establishment the goods go to (a transfer between branches), not the one issuing; without `recipient`, the recipient is the company itself at that address.",
        ),
      ),
      recipient: described(
        optional(nrRecipient),
        bilingual(
          'Quien recibe los bienes (MH receptor); obligatorio salvo que se indique `destinationBranch`.',
          'Who receives the goods (MH receptor); required unless `destinationBranch` is given.',
        ),
      ),
      deliveredBy: handler('Quien entrega los bienes por el emisor (opcional).', 'Who hands the goods over for the issuer (optional).'),
      receivedBy: handler('Quien recibe los bienes por el receptor (opcional).', 'Who receives the goods for the recipient (optional).'),
      thirdPartySale: described(optional(thirdPartySale), D.thirdPartySale),
      relatedTaxDocuments: described(
        optional(relatedTaxDocuments(50)),
        bilingual(
          'Facturas o CCF (y en la normativa 2026 facturas de exportación) que esta remisión cita (MH documentoRelacionado), cada uno por su código de generación.',
          'Invoices or CCFs (and under the 2026 normative export invoices) this note cites (MH documentoRelacionado), each by its generation code.',
        ),
      ),
      items: described(z.array(goodsItemOf(rule)).min(1).max(MAX_ITEMS), D.items),
      discountNoSuj: described(optional(positiveMoney()), D.discountNoSuj),
      discountExe: described(optional(positiveMoney()), D.discountExe),
      discountGrav: described(optional(positiveMoney()), D.discountGrav),
      observations: described(
        optional(text(3000)),
        bilingual('Observaciones, hasta 3000 caracteres.', 'Observations, up to 3000 characters.'),
      ),
    })
    .superRefine((body, ctx) => {
      if (body.recipient == null && body.destinationBranch == null)
        addRuleIssue(
          ctx,
          ['recipient'],
          'REQUIRED',
          'Indique el receptor, o el establecimiento de destino si los bienes van a otra sucursal.',
        );
      checkItemDocuments(body, ctx, false);
    });

export const nrBody = nrBodyOf('integer');
export type NrBody = z.output<typeof nrBody>;
