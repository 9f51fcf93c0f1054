// Adding or editing one product (SUPERVISOR, ADMIN). The person types the shelf price or the net price and sees the
// other as the server will derive it; fields are checked as typed with the server's own schema (shared/catalog.ts),
// and the server's refusals (a code or barcode taken) show beside the field they name.
import { useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SelloApi } from '../../../shared/api';
import {
  DEFAULT_UNIT,
  MAX_BARCODES,
  PRODUCT_ITEM_TYPES,
  SALE_TYPES,
  productInput,
  type Product,
  type ProductItemType,
  type SaleType,
} from '../../../shared/catalog';
import { UNITS } from '../../../shared/catalogs';
import { contractValueAllowed } from '../../../shared/catalogs/normative';
import { NormativeContext, normativesOf } from '../normative-now';
import { isMeasured, quantityStep } from '../../../shared/quantity';
import { validate, type FieldError } from '../../../shared/contract';
import { errorText } from '../error-text';
import { optionWords } from '../words/options';
import { catalogWords } from '../words/catalog';
import { Dialog } from './Dialog';
import { cents, derivedPrice, hasMoreThanCents, typedPrice, unitLabel, type PriceSource } from './prices';

const F = catalogWords.form;

/** Where a message shows: a field of the form, one barcode row (by its key), or the form as a whole. */
type Spot = 'code' | 'description' | 'unitMeasure' | 'itemType' | 'saleType' | 'price' | 'barcodes' | 'active' | `barcode-${number}`;

interface BarcodeRow {
  readonly key: number;
  readonly value: string;
}

/** The price as the person left it: untouched (an edit sends both stored prices back), or one of them typed. */
type Price = { readonly kind: 'stored' } | { readonly kind: 'typed'; readonly source: PriceSource; readonly text: string };

export type FormStart = { readonly kind: 'new'; readonly barcode?: string } | { readonly kind: 'edit'; readonly product: Product };

export function ProductForm({
  api,
  start,
  onSaved,
  onCancel,
}: {
  api: SelloApi;
  start: FormStart;
  onSaved: (product: Product) => void;
  onCancel: () => void;
}) {
  const editing = start.kind === 'edit' ? start.product : null;
  const [code, setCode] = useState(editing?.code ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [unitMeasure, setUnit] = useState(editing?.unitMeasure ?? DEFAULT_UNIT);
  // The units the normative in force holds (2026's CAT-014 has 40), and the product's own if it is another.
  const normatives = normativesOf(useContext(NormativeContext));
  const unitsHeld = (key: string) => normatives.every((n) => contractValueAllowed('CAT-014', n, key));
  const [itemType, setItemType] = useState<ProductItemType>(editing?.itemType ?? 'BIENES');
  const [saleType, setSaleType] = useState<SaleType>(editing?.saleType ?? 'GRAVADA');
  const [price, setPrice] = useState<Price>(editing ? { kind: 'stored' } : { kind: 'typed', source: 'shelf', text: '' });
  const [active, setActive] = useState(editing?.active ?? true);
  const initialBarcodes = editing ? editing.barcodes : start.kind === 'new' && start.barcode ? [start.barcode] : [];
  const [barcodes, setBarcodes] = useState<readonly BarcodeRow[]>(() =>
    (initialBarcodes.length ? initialBarcodes : ['']).map((value, key) => ({ key, value })),
  );
  const nextKey = useRef(barcodes.length);
  const [focusBarcode, setFocusBarcode] = useState<number | null>(null);
  const barcodeInputs = useRef(new Map<number, HTMLInputElement>());
  // A field's error shows once it has been left (then follows the typing), or after a try to save.
  const [left, setLeft] = useState<ReadonlySet<Spot>>(new Set());
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<Spot, string>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input, select')?.focus(), []);
  useEffect(() => {
    if (focusBarcode === null) return;
    barcodeInputs.current.get(focusBarcode)?.focus();
    setFocusBarcode(null);
  }, [focusBarcode]);

  // The stored pair goes back as it is while untouched (it agrees); a sale type changed re-derives from the shelf.
  const stored = editing !== null && price.kind === 'stored';
  const keepsPair = stored && saleType === editing.saleType;
  const source: PriceSource = price.kind === 'typed' ? price.source : 'shelf';
  const sourceText = price.kind === 'typed' ? price.text : (editing?.shelfPrice ?? '');
  const other = keepsPair ? (source === 'shelf' ? editing.netPrice : editing.shelfPrice) : derivedPrice(source, sourceText, saleType);
  const shelfShown = source === 'shelf' ? sourceText : other === null ? '' : cents(other);
  const netShown = source === 'net' ? sourceText : other === null ? '' : cents(other);

  // What goes to the server: empty barcode rows left out (their index is remembered, for errors naming them).
  const sent = barcodes.filter((b) => b.value.trim() !== '');
  const typed = typedPrice(sourceText);
  const prices = keepsPair
    ? { shelfPrice: editing.shelfPrice, netPrice: editing.netPrice }
    : typed === null
      ? {}
      : source === 'shelf'
        ? { shelfPrice: typed }
        : { netPrice: typed };
  const body = { code, barcodes: sent.map((b) => b.value.trim()), description, unitMeasure, itemType, saleType, ...prices, active };

  /** A field error's place on this form; null for one the form has no field for. */
  const spotOf = (path: string): Spot | null => {
    const [head, index] = path.split('.');
    switch (head) {
      case 'code':
      case 'description':
      case 'unitMeasure':
      case 'itemType':
      case 'saleType':
      case 'active':
        return head;
      // The person can only change the price they typed: its problems show there, whichever path names them.
      case 'shelfPrice':
      case 'netPrice':
        return 'price';
      case 'barcodes': {
        const row = index === undefined ? undefined : sent[Number(index)];
        return row ? `barcode-${row.key}` : 'barcodes';
      }
      default:
        return null;
    }
  };

  const local = validate(productInput, body);
  const errors = new Map<Spot, string>();
  if (!local.ok)
    for (const e of local.errors) {
      const spot = spotOf(e.path);
      if (spot && !errors.has(spot)) errors.set(spot, e.code === 'REQUIRED' && spot === 'price' ? F.needPrice : e.message);
    }
  for (const [spot, text] of serverErrors) errors.set(spot, text);
  const errorOf = (spot: Spot) => (tried || left.has(spot) || serverErrors.has(spot) ? errors.get(spot) : undefined);

  const changed = (spot: Spot) => {
    setServerErrors((m) => {
      if (!m.has(spot)) return m;
      const next = new Map(m);
      next.delete(spot);
      return next;
    });
    setMessage(null);
  };
  const leave = (spot: Spot) => () => setLeft((s) => new Set([...s, spot]));
  // Bumped to send focus to the first field in error, once the render that marks it is on screen.
  const [errorFocus, setErrorFocus] = useState(0);
  useEffect(() => {
    if (errorFocus > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorFocus]);
  const focusFirstError = () => setErrorFocus((n) => n + 1);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTried(true);
    if (!local.ok || serverErrors.size > 0) {
      setMessage(F.fix);
      focusFirstError();
      return;
    }
    setBusy(true);
    setMessage(null);
    const r = editing ? await api.updateProduct(editing.id, body) : await api.createProduct(body);
    setBusy(false);
    if (r.ok) return onSaved(r.value);
    const named = new Map<Spot, string>();
    const elsewhere: FieldError[] = [];
    for (const x of r.error.errors ?? []) {
      const spot = spotOf(x.path);
      if (spot && !named.has(spot)) named.set(spot, x.message);
      else if (!spot) elsewhere.push(x);
    }
    setServerErrors(named);
    setMessage(
      named.size > 0 ? [r.error.detail ?? r.error.title, ...elsewhere.map((x) => x.message), F.fix].join(' ') : errorText(r.error),
    );
    focusFirstError();
  };

  const setBarcode = (key: number, value: string) => {
    setBarcodes((rows) => rows.map((b) => (b.key === key ? { key, value } : b)));
    changed(`barcode-${key}`);
    changed('barcodes');
  };
  const addBarcode = () => {
    const key = nextKey.current++;
    setBarcodes((rows) => [...rows, { key, value: '' }]);
    setFocusBarcode(key);
  };
  const removeBarcode = (key: number) => {
    const at = barcodes.findIndex((b) => b.key === key);
    const rest = barcodes.filter((b) => b.key !== key);
    setBarcodes(rest.length ? rest : [{ key: nextKey.current++, value: '' }]);
    changed(`barcode-${key}`);
    // Focus stays in the list: on the row that takes this one's place, or the one before it.
    const stay = rest[Math.min(at, rest.length - 1)];
    if (stay) setFocusBarcode(stay.key);
    else requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('.barcodes input')?.focus());
  };
  const typePrice = (which: PriceSource, text: string) => {
    setPrice({ kind: 'typed', source: which, text });
    changed('price');
  };

  const field = (spot: Spot | null, id: string, label: string, input: (a11y: A11y) => ReactNode, hint?: ReactNode, className = '') => {
    const error = spot === null ? undefined : errorOf(spot);
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className={`field ${className}`}>
        <label htmlFor={id}>{label}</label>
        {input({ id, 'aria-invalid': error !== undefined, ...(described ? { 'aria-describedby': described } : {}) })}
        {hint && (
          <span className="hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
        {error && (
          <span className="field-error" role="alert" id={`${id}-error`} data-testid={`error-${spot ?? id}`}>
            {error}
          </span>
        )}
      </div>
    );
  };

  // The hint under each price says where the shown figure comes from, and the exact value that will be stored.
  const priceHint = (which: PriceSource): ReactNode => {
    const base = which === 'shelf' ? F.shelfHint : F.netHint;
    if (saleType !== 'GRAVADA') return `${base} ${F.noIva}`;
    if (which === source || other === null) return base;
    const from = source === 'shelf' ? F.fromShelf : F.fromNet;
    return hasMoreThanCents(other) ? `${from} ${F.exact(other)}` : from;
  };
  const priceInput = (which: PriceSource) => (a: A11y) => (
    <input
      {...a}
      inputMode="decimal"
      autoComplete="off"
      value={which === 'shelf' ? shelfShown : netShown}
      // Typing over a derived figure replaces it: the whole text is selected on the way in.
      onFocus={(e) => which !== source && e.currentTarget.select()}
      onChange={(e) => typePrice(which, e.target.value)}
      onBlur={leave('price')}
      data-derived={which === source ? undefined : 'true'}
    />
  );

  const title = editing ? F.editTitle(editing.code) : F.addTitle;
  return (
    <Dialog titleId="product-form-title" onClose={() => !busy && onCancel()} testId="product-form">
      <form ref={formRef} className="product-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
        <h2 id="product-form-title">{title}</h2>
        <div className="row">
          {field(
            'code',
            'product-code',
            F.code,
            (a) => (
              <input
                {...a}
                className="mono"
                value={code}
                maxLength={40}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => {
                  setCode(e.target.value);
                  changed('code');
                }}
                onBlur={leave('code')}
              />
            ),
            F.codeHint,
            'code',
          )}
          {field(
            'description',
            'product-description',
            F.description,
            (a) => (
              <input
                {...a}
                value={description}
                autoComplete="off"
                onChange={(e) => {
                  setDescription(e.target.value);
                  changed('description');
                }}
                onBlur={leave('description')}
              />
            ),
            undefined,
            'grow',
          )}
        </div>
        <div className="row">
          {field(
            'unitMeasure',
            'product-unit',
            F.unit,
            (a) => (
              <select
                {...a}
                value={unitMeasure}
                onChange={(e) => {
                  setUnit(e.target.value);
                  changed('unitMeasure');
                }}
              >
                {UNITS.filter((u) => u.key === unitMeasure || unitsHeld(u.key)).map((u) => (
                  <option key={u.key} value={u.key}>
                    {unitLabel(u.key)}
                  </option>
                ))}
              </select>
            ),
            isMeasured(unitMeasure) ? F.soldMeasured(quantityStep(unitMeasure).replace('.', ',')) : F.soldCounted,
          )}
          {field('itemType', 'product-item-type', F.itemType, (a) => (
            <select
              {...a}
              value={itemType}
              onChange={(e) => {
                setItemType(PRODUCT_ITEM_TYPES.find((t) => t === e.target.value) ?? itemType);
                changed('itemType');
              }}
            >
              {PRODUCT_ITEM_TYPES.map((t) => (
                <option key={t} value={t}>
                  {optionWords.itemTypes[t]}
                </option>
              ))}
            </select>
          ))}
          {field('saleType', 'product-sale-type', F.saleType, (a) => (
            <select
              {...a}
              value={saleType}
              onChange={(e) => {
                setSaleType(SALE_TYPES.find((t) => t === e.target.value) ?? saleType);
                changed('saleType');
                changed('price');
              }}
            >
              {SALE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {optionWords.saleTypes[t]}
                </option>
              ))}
            </select>
          ))}
        </div>
        <div className="row prices">
          {/* Only the price typed carries an error: the derived one is shown, not judged. */}
          {field(
            source === 'shelf' ? 'price' : null,
            'product-shelf-price',
            F.shelfPrice,
            priceInput('shelf'),
            priceHint('shelf'),
            'price',
          )}
          {field(source === 'net' ? 'price' : null, 'product-net-price', F.netPrice, priceInput('net'), priceHint('net'), 'price')}
        </div>
        <fieldset className="barcodes">
          <legend>{F.barcodes}</legend>
          <p className="hint" id="product-barcodes-hint">
            {F.barcodesHint}
          </p>
          {barcodes.map((b, i) => {
            const spot: Spot = `barcode-${b.key}`;
            const error = errorOf(spot);
            const id = `product-barcode-${b.key}`;
            return (
              <div className="barcode-row" key={b.key}>
                <label htmlFor={id} className="sr-only">
                  {F.barcode(i + 1)}
                </label>
                <input
                  id={id}
                  ref={(el) => {
                    if (el) barcodeInputs.current.set(b.key, el);
                    else barcodeInputs.current.delete(b.key);
                  }}
                  className="mono"
                  value={b.value}
                  maxLength={60}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={error !== undefined}
                  aria-describedby={error ? `${id}-error` : 'product-barcodes-hint'}
                  onChange={(e) => setBarcode(b.key, e.target.value)}
                  onBlur={leave(spot)}
                />
                <button type="button" aria-label={F.removeBarcode(i + 1)} onClick={() => removeBarcode(b.key)}>
                  {F.remove}
                </button>
                {error && (
                  <span className="field-error" role="alert" id={`${id}-error`} data-testid={`error-barcode-${i}`}>
                    {error}
                  </span>
                )}
              </div>
            );
          })}
          {errorOf('barcodes') && (
            <p className="field-error" role="alert">
              {errorOf('barcodes')}
            </p>
          )}
          <button type="button" onClick={addBarcode} disabled={barcodes.length >= MAX_BARCODES}>
            {F.addBarcode}
          </button>
        </fieldset>
        <div className="check">
          <input
            id="product-active"
            type="checkbox"
            checked={active}
            aria-describedby="product-active-hint"
            onChange={(e) => {
              setActive(e.target.checked);
              changed('active');
            }}
          />
          <label htmlFor="product-active">{F.active}</label>
          <span className="hint" id="product-active-hint">
            {F.activeHint}
          </span>
        </div>
        {message && (
          <p role="status" className={tried || serverErrors.size > 0 ? 'error' : undefined} data-testid="form-message">
            {message}
          </p>
        )}
        <div className="actions">
          <button type="button" onClick={onCancel} disabled={busy}>
            {F.cancel}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? F.saving : F.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type A11y = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
