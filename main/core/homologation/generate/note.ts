// Nota de crédito (NC) and nota de débito (ND) bodies over a sealed CCF: its recipient, and lines copied from it. An NC
// returns part of a line or lowers its price; an ND charges more on a line, or interest for late payment.
import type { z } from 'zod';
import type { CcfBody, ncBody } from '../../../../shared/contract';
import { dec } from '../../../../shared/tax';
import { floorCents } from './money';
import type { Rng } from './rng';
import { retention } from './sale';

type NoteInput = z.input<typeof ncBody>;
type NoteItem = NoteInput['items'][number];
type CcfItem = CcfBody['items'][number];

/**
 * An NC gives back at most 35 % of a line's quantity × price. The CCF's line discounts (≤ 15 %) and global ones
 * (≤ 5 %) leave its sales at 80 % of that or more, so two credit notes on one CCF stay within credit-limit.ts.
 */
const CREDIT_SHARE = 35;

/** Drops the fields a parsed body carries as null or undefined: the note sends only what it has. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;
}

/** The lines of the CCF the note adjusts, in their order: one to all of them. */
function chosenLines(rng: Rng, items: readonly CcfItem[]): CcfItem[] {
  const take = rng.int(1, items.length);
  const order = items.map((item) => ({ item, key: rng.next() }));
  const picked = new Set(
    [...order]
      .sort((a, b) => a.key - b.key)
      .slice(0, take)
      .map((o) => o.item),
  );
  return items.filter((i) => picked.has(i));
}

/** The line as the note writes it: same product, unit and sale type, no suggested price, naming the CCF. */
function base(item: CcfItem, relatedId: string, description: string) {
  return {
    type: item.type,
    ...(item.internalCode ? { internalCode: item.internalCode } : {}),
    description: description.slice(0, 1000),
    unitMeasure: item.unitMeasure,
    saleType: item.saleType,
    documentNumber: relatedId,
    ...(item.taxCode ? { taxCode: item.taxCode } : {}),
  } as const;
}

function creditLine(rng: Rng, item: CcfItem, relatedId: string): NoteItem | null {
  const returned = Math.floor((item.quantity * CREDIT_SHARE) / 100);
  if (item.type !== 'OTROS' && returned >= 1 && rng.chance(0.6)) {
    return { ...base(item, relatedId, `Devolución: ${item.description}`), quantity: rng.int(1, returned), unitPrice: item.unitPrice };
  }
  const lowered = floorCents(dec(item.unitPrice).times(rng.int(10, CREDIT_SHARE)).div(100));
  if (lowered < 0.01) return null;
  return { ...base(item, relatedId, `Rebaja de precio concedida: ${item.description}`), quantity: item.quantity, unitPrice: lowered };
}

function debitLine(rng: Rng, item: CcfItem, relatedId: string): NoteItem {
  const raised = Math.max(0.01, floorCents(dec(item.unitPrice).times(rng.int(5, 50)).div(100)));
  const quantity = rng.int(1, item.quantity);
  return { ...base(item, relatedId, `Ajuste por diferencia de precio: ${item.description}`), quantity, unitPrice: raised };
}

function interestLine(rng: Rng, relatedId: string): NoteItem {
  return {
    type: 'SERVICIOS',
    description: 'Intereses por mora en el pago del crédito fiscal relacionado',
    quantity: 1,
    unitMeasure: 'OTRA',
    unitPrice: rng.money(2, 45),
    saleType: 'GRAVADA',
    documentNumber: relatedId,
  };
}

export function generateNote(kind: 'NC' | 'ND', id: string, rng: Rng, related: { readonly id: string; readonly body: CcfBody }): NoteInput {
  const ccf = related.body;
  const lines = chosenLines(rng, ccf.items);
  const items =
    kind === 'NC'
      ? lines.flatMap((l) => creditLine(rng, l, related.id) ?? [])
      : [...lines.map((l) => debitLine(rng, l, related.id)), ...(rng.chance(0.2) ? [interestLine(rng, related.id)] : [])];
  // Only lines too cheap to lower were chosen: the note then takes one cent off one unit of the first line.
  if (items.length === 0) {
    const first = ccf.items[0]!;
    items.push({ ...base(first, related.id, `Rebaja de precio concedida: ${first.description}`), quantity: 1, unitPrice: 0.01 });
  }
  const taxed = items.filter((i) => i.saleType === 'GRAVADA').reduce((s, i) => s.plus(dec(i.quantity).times(dec(i.unitPrice))), dec(0));
  // The large taxpayer that retained 1 % on the CCF retains (or gives back) 1 % on its adjustment.
  const ivaRetained = ccf.retentionIva ? retention(taxed, 1) : undefined;
  return {
    id,
    paymentType: ccf.paymentType,
    recipient: defined({
      ...ccf.recipient,
      address: defined(ccf.recipient.address),
      identificationDocument: ccf.recipient.identificationDocument,
    }),
    relatedTaxDocuments: [{ id: related.id }],
    ...(ccf.thirdPartySale ? { thirdPartySale: ccf.thirdPartySale } : {}),
    items,
    ...(ivaRetained ? { retentionIva: ivaRetained } : {}),
  };
}
