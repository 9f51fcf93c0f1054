// fast-check generators of valid contract bodies for every kind, with awkward cents, JSON-tricky text
// (quotes, backslashes, accents; new lines where a field may span lines) and every optional part sometimes present.
import fc from 'fast-check';
import { ECONOMIC_ACTIVITIES, FISCAL_ENCLOSURES, MUNICIPALITIES, REGIMES, UNIT_KEYS } from '../../shared/catalogs';
import { CAT020_BY_ISO } from '../../shared/catalogs/data/country-cat020';
import { INCOTERMS, ITEM_LINE_TAX_CODES, RETENTION_CODES } from '../../shared/contract';

type Body = Record<string, unknown>;

const WORDS = [
  'Café',
  'pupusa',
  'Tornillo 3/8"',
  'Ñandú',
  'cemento',
  'servicio',
  'consultoría',
  'azúcar',
  'barra\\invertida',
  'línea\nnueva',
  '"citado"',
  'L&M',
  '<b>',
  '€uro',
  'ÁÉÍÓÚ',
];
/**
 * `lines`: the field may span lines (the items' descriptions: main/core/dte/control-characters.ts); any other text
 * refuses control characters, line breaks included.
 */
const text = (max: number, min = 1, lines = false) =>
  fc
    .array(fc.constantFrom(...(lines ? WORDS : WORDS.filter((w) => !/\p{Cc}/u.test(w)))), { minLength: 1, maxLength: 12 })
    .map((ws) => ws.join(' ').slice(0, max))
    .map((s) => (s.trim().length >= min ? s : `${s.trim()}xxxxx`.slice(0, Math.max(min, 5))));
const digitsOf = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** Money with up to `places` decimals between min and max (as decimals, e.g. 0.5). */
const amount = (min: number, max: number, places = 2) =>
  fc.integer({ min: Math.round(min * 10 ** places), max: Math.round(max * 10 ** places) }).map((n) => n / 10 ** places);
const price = fc.oneof(amount(0.5, 500, 2), amount(0.5, 99_999, 4), amount(0.5, 50, 8), fc.constantFrom(0.99, 4.42477876, 1.13, 0.5));

const nit = digitsOf(14);
const dui = digitsOf(9);
const idDocument = (types: ('NIT' | 'DUI' | 'PASAPORTE' | 'CARNET_RESIDENTE' | 'OTRO')[]) =>
  fc
    .constantFrom(...types)
    .chain((type) =>
      (type === 'NIT' ? nit : type === 'DUI' ? dui : fc.stringMatching(/^[A-Z0-9]{3,20}$/)).map((number) => ({ type, number })),
    );
const address = (minComplement = 1) =>
  fc
    .record({
      m: fc.constantFrom(...MUNICIPALITIES.filter((m) => m.department !== '00')),
      complement: text(200, Math.max(minComplement, 5)),
    })
    .map(({ m, complement }) => ({ department: m.department, municipality: m.code, complement }));
const activity = fc.constantFrom(...ECONOMIC_ACTIVITIES.map((a) => a.code));
const email = fc.constantFrom('cliente@example.com', 'facturas.sv@empresa.example', 'a.b-c@d.example');
const phone = digitsOf(8);
const third = fc.record({ name: text(150, 3), identificationDocument: nit.map((number) => ({ type: 'NIT' as const, number })) });
const doctor = fc.record({
  name: text(100),
  identificationDocument: idDocument(['NIT', 'DUI', 'PASAPORTE']),
  service: fc.constantFrom('CIRUGIA', 'OPERACION', 'TRATAMIENTO_MEDICO', 'CIRUGIA_ISBM', 'OPERACION_ISBM', 'TRATAMIENTO_MEDICO_ISBM'),
});
const attachment = fc.oneof(
  fc.record({ code: fc.constantFrom('EMISOR', 'RECEPTOR'), details: text(300) }),
  fc.record({ code: fc.constant('DOCTOR'), doctor }),
);

/** A sale line; taxed-only tax lines for CCF/NC/ND (MH), any sale type otherwise. */
const saleItem = (withPsv: boolean, taxLinesTaxed: boolean, documentNumber?: fc.Arbitrary<string>) =>
  fc
    .record({
      kind: fc.constantFrom('BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS', 'BIENES', 'OTROS'),
      internalCode: maybe(fc.stringMatching(/^[A-Z0-9-]{1,25}$/)),
      description: text(1000, 1, true),
      quantity: fc.integer({ min: 1, max: 500 }),
      unitMeasure: maybe(fc.constantFrom(...UNIT_KEYS)),
      unitPrice: price,
      discountShare: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
      saleType: fc.constantFrom('GRAVADA', 'GRAVADA', 'EXENTA', 'NO_SUJETA'),
      psv: maybe(amount(0.01, 100, 2)),
      taxCode: fc.constantFrom(...ITEM_LINE_TAX_CODES),
      documentNumber: documentNumber ?? fc.constant(undefined),
    })
    .map((r) => {
      const line = r.quantity * r.unitPrice;
      const discount = r.discountShare === undefined ? undefined : Math.floor(line * r.discountShare) / 100;
      const taxLine = r.kind === 'OTROS';
      const item: Body = {
        type: r.kind,
        description: r.description,
        quantity: r.quantity,
        unitPrice: r.unitPrice,
        saleType: taxLine && taxLinesTaxed ? 'GRAVADA' : r.saleType,
        ...(r.internalCode ? { internalCode: r.internalCode } : {}),
        ...(r.unitMeasure ? { unitMeasure: r.unitMeasure } : {}),
        ...(discount && discount > 0 ? { discountAmount: discount } : {}),
        ...(withPsv && r.psv ? { psv: r.psv } : {}),
        ...(taxLine ? { taxCode: r.taxCode } : {}),
        ...(r.documentNumber ? { documentNumber: r.documentNumber } : {}),
      };
      return item;
    });

const noGrav = fc
  .record({
    type: fc.constantFrom('BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS'),
    description: text(1000),
    amount: amount(0.01, 500, 2),
    internalCode: maybe(fc.stringMatching(/^[A-Z0-9]{1,25}$/)),
  })
  .map(strip);
const small = maybe(amount(0.01, 0.25, 2));

function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** Global discounts only on sale types the items have, retentions only with taxed sales (MH's rules). */
function withSaleAmounts(items: Body[]) {
  const has = (t: string) => items.some((i) => i.saleType === t);
  return fc.record({ g: small, e: small, n: small, ri: small, rr: small }).map(({ g, e, n, ri, rr }) =>
    strip({
      discountGrav: has('GRAVADA') ? g : undefined,
      discountExe: has('EXENTA') ? e : undefined,
      discountNoSuj: has('NO_SUJETA') ? n : undefined,
      retentionIva: has('GRAVADA') ? ri : undefined,
      retentionRenta: rr,
    }),
  );
}

const header = {
  id: fc.uuid(),
  paymentType: maybe(fc.constantFrom('CONTADO', 'CREDITO', 'OTRO')),
  thirdPartySale: maybe(third),
};

const taxpayer = fc
  .record({
    economicActivity: activity,
    contributorSize: maybe(fc.constantFrom('GRANDE', 'MEDIANO', 'OTROS')),
    contributorType: maybe(fc.constantFrom('NATURAL', 'JURIDICA')),
    nrc: fc.integer({ min: 1, max: 8 }).chain((n) => digitsOf(n)),
    name: text(150),
    phone: maybe(phone),
    commercialName: maybe(text(150)),
    email,
    address: address(),
    identificationDocument: idDocument(['NIT', 'DUI']),
  })
  .map(strip);

export const fcBody = fc
  .record({
    ...header,
    recipient: maybe(
      fc
        .record({
          name: text(150),
          email: maybe(email),
          phone: maybe(phone),
          address: maybe(address(5)),
          identificationDocument: idDocument(['NIT', 'DUI', 'PASAPORTE', 'CARNET_RESIDENTE', 'OTRO']),
          activity,
          withNrc: fc.boolean(),
        })
        .map(({ activity: a, withNrc, ...r }) =>
          strip({ ...r, ...(withNrc && r.identificationDocument.type === 'NIT' ? { nrc: '1234567', economicActivity: a } : {}) }),
        ),
    ),
    attachments: maybe(fc.array(attachment, { minLength: 1, maxLength: 3 })),
    items: fc.array(saleItem(true, false), { minLength: 1, maxLength: 6 }),
    itemsNoGrav: maybe(fc.array(noGrav, { minLength: 1, maxLength: 2 })),
  })
  .chain((b) => withSaleAmounts(b.items).map((amounts) => strip({ ...b, ...amounts })));

export const ccfBody = fc
  .record({
    ...header,
    recipient: taxpayer,
    attachments: maybe(fc.array(attachment, { minLength: 1, maxLength: 3 })),
    items: fc.array(saleItem(true, true), { minLength: 1, maxLength: 6 }),
    itemsNoGrav: maybe(fc.array(noGrav, { minLength: 1, maxLength: 2 })),
  })
  .chain((b) => withSaleAmounts(b.items).map((amounts) => strip({ ...b, ...amounts })));

/** NC/ND adjusting the stored documents `relatedIds` (CCF or CR). */
export const noteBody = (relatedIds: [string, ...string[]]) =>
  fc
    .record({
      ...header,
      recipient: taxpayer,
      relatedTaxDocuments: fc.constant(relatedIds.map((id) => ({ id }))),
      items: fc.array(saleItem(false, true, fc.constantFrom(...relatedIds)), { minLength: 1, maxLength: 6 }),
    })
    .chain((b) => withSaleAmounts(b.items).map((amounts) => strip({ ...b, ...amounts })));

export const crBody = fc.record({
  id: fc.uuid(),
  recipient: fc
    .record({
      economicActivity: activity,
      contributorType: maybe(fc.constantFrom('NATURAL', 'JURIDICA')),
      name: text(250),
      phone: maybe(phone),
      commercialName: maybe(text(150)),
      email,
      address: address(5),
      identificationDocument: idDocument(['NIT', 'DUI', 'PASAPORTE', 'OTRO']),
      nrc: fc.integer({ min: 2, max: 8 }).chain((n) => digitsOf(n)),
    })
    .map((r) => strip({ ...r, nrc: r.identificationDocument.type === 'NIT' || r.name.length % 2 ? r.nrc : undefined })),
  items: fc.array(
    fc
      .oneof(
        fc.record({ documentType: fc.constant('FISICO'), taxDocumentNumber: fc.stringMatching(/^[A-Za-z0-9]{1,20}$/) }),
        fc.record({ documentType: fc.constant('DIGITAL'), taxDocumentNumber: fc.uuid() }),
      )
      .chain((d) =>
        fc.record({
          ...Object.fromEntries(Object.entries(d).map(([k, v]) => [k, fc.constant(v)])),
          taxDocumentType: fc.constantFrom('FC', 'CCF', 'FSE'),
          taxDocumentGeneratedAt: fc.constantFrom('2026-11-01', '2026-10-31', '2025-12-31'),
          description: text(1000),
          amountSubject: amount(1, 50_000, 2),
          ivaRetained: amount(0.01, 500, 2),
          retentionCode: fc.constantFrom(...RETENTION_CODES),
        }),
      ),
    { minLength: 1, maxLength: 5 },
  ),
});

export const fseBody = fc
  .record({
    ...header,
    recipient: fc
      .record({
        economicActivity: maybe(activity),
        name: text(250),
        phone: maybe(phone),
        email: maybe(email),
        address: address(),
        identificationDocument: idDocument(['NIT', 'DUI', 'PASAPORTE', 'CARNET_RESIDENTE', 'OTRO']),
      })
      .map(strip),
    items: fc.array(
      fc
        .record({
          type: fc.constantFrom('BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS'),
          description: text(1000, 1, true),
          quantity: amount(0.001, 500, 3),
          unitMeasure: maybe(fc.constantFrom(...UNIT_KEYS)),
          unitPrice: price,
        })
        .map(strip),
      { minLength: 1, maxLength: 6 },
    ),
    discount: small,
    retentionRenta: small,
  })
  .map(({ thirdPartySale: _t, ...b }) => strip(b));

const mappedCountries = Object.keys(CAT020_BY_ISO);
export const fexBody = fc
  .record({
    id: fc.uuid(),
    recipient: fc
      .record({
        name: text(250),
        country: fc.constantFrom(...mappedCountries),
        address: text(300, 5),
        contributorType: fc.constantFrom('NATURAL', 'JURIDICA'),
        economicActivity: activity,
        identificationDocument: idDocument(['NIT', 'DUI', 'PASAPORTE', 'OTRO']),
        email,
        commercialName: maybe(text(150)),
        phone: maybe(fc.integer({ min: 8, max: 25 }).chain((n) => digitsOf(n))),
      })
      .map(strip),
    itemType: fc.constantFrom('BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS'),
    items: fc.array(
      fc
        .record({
          description: text(1000, 1, true),
          quantity: fc.integer({ min: 1, max: 1000 }),
          unitMeasure: maybe(fc.constantFrom(...UNIT_KEYS)),
          unitPrice: price,
          internalCode: maybe(fc.stringMatching(/^[A-Z0-9]{1,25}$/)),
        })
        .map(strip),
      { minLength: 1, maxLength: 6 },
    ),
    paymentType: maybe(fc.constantFrom('CONTADO', 'CREDITO', 'OTRO')),
    thirdPartySale: maybe(third),
    attachments: maybe(
      fc.array(
        fc.oneof(
          fc.record({ code: fc.constantFrom('EMISOR', 'RECEPTOR'), details: text(300) }),
          fc.record({
            code: fc.constant('TRANSPORTE'),
            driver: fc.record({
              name: text(200, 5),
              documentIdentificationNumber: fc.stringMatching(/^[0-9]{5,12}$/),
              transportIdentificationNumber: fc.stringMatching(/^[A-Z0-9-]{5,10}$/),
              transport: fc.constantFrom('TERRESTRE', 'MARITIMO', 'AEREO', 'TERRESTRE_MARITIMO'),
            }),
          }),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    ),
    itemsNoGrav: maybe(fc.array(fc.record({ description: text(1000), amount: amount(0.01, 500, 2) }), { minLength: 1, maxLength: 2 })),
    discount: small,
    taxArea: maybe(fc.constantFrom(...FISCAL_ENCLOSURES.map((e) => e.code))),
    taxRegimen: maybe(fc.constantFrom(...REGIMES.map((r) => r.code))),
    incoterms: maybe(fc.constantFrom(...INCOTERMS)),
    comments: maybe(text(500)),
    insurance: maybe(amount(0.01, 1000, 2)),
    freight: maybe(amount(0.01, 5000, 2)),
    appendices: maybe(fc.array(fc.record({ name: text(25), description: text(50), value: text(150) }), { minLength: 1, maxLength: 3 })),
  })
  .map((b) => strip(b.itemType === 'SERVICIOS' ? { ...b, taxArea: undefined, taxRegimen: undefined } : b));
