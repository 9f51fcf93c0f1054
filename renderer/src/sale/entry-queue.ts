// The counter's entries (what was typed or scanned up to each Enter), taken one at a time in the order they
// came, whatever a lookup in flight is doing: a scanner types faster than the catalog answers. An entry that
// finds nothing stops the queue; the ones after it wait until the cashier corrects or drops it.
import type { Product } from '../../../shared/catalog';
import { BARCODE_MAX, PRODUCT_CODE_MAX } from '../../../shared/catalog-limits';

/** What a scanner types: digits only, 6 or more. Such an entry is a code, never words of a name. */
export const BARCODE = /^\d{6,48}$/;

/** A text that can be a barcode (letters and digits, as products' barcodes are) and one that can be a code. */
const MAYBE_BARCODE = new RegExp(`^[0-9A-Za-z]{1,${BARCODE_MAX}}$`);
/** GET /products takes words up to this length (shared/catalog.ts, productListQuery). */
const WORDS_MAX = 100;

/** One question to the catalog: an exact barcode, an exact code, or words of a name. Null: it did not answer. */
export type Find = (by: { barcode: string } | { code: string } | { q: string }) => Promise<readonly Product[] | null>;

export type Resolution =
  | { readonly kind: 'product'; readonly product: Product }
  /** `code`: digits a scanner would type and no product has them; `words`: no product's name or code fits. */
  | { readonly kind: 'unknown'; readonly as: 'code' | 'words' }
  | { readonly kind: 'failed' };

/** An entry's product: its exact barcode, then its exact code, and only then (not for a scan) words of a name. */
// Only questions the station can take are asked: a text no barcode or code could be is not asked as one (the
// station would refuse the question, and a refusal is not "no such product").
export async function resolveEntry(find: Find, text: string): Promise<Resolution> {
  if (MAYBE_BARCODE.test(text)) {
    const byBarcode = await find({ barcode: text });
    if (!byBarcode) return { kind: 'failed' };
    if (byBarcode[0]) return { kind: 'product', product: byBarcode[0] };
  }
  if (text.length <= PRODUCT_CODE_MAX) {
    const byCode = await find({ code: text });
    if (!byCode) return { kind: 'failed' };
    if (byCode[0]) return { kind: 'product', product: byCode[0] };
  }
  if (BARCODE.test(text)) return { kind: 'unknown', as: 'code' };
  if (text.length > WORDS_MAX) return { kind: 'unknown', as: 'words' };
  const byWords = await find({ q: text });
  if (!byWords) return { kind: 'failed' };
  return byWords[0] ? { kind: 'product', product: byWords[0] } : { kind: 'unknown', as: 'words' };
}

export interface Entry {
  readonly text: string;
  /** The product the cashier picked from the list shown for this very text: no lookup needed. */
  readonly pick?: Product | undefined;
}

/** The entry that stopped the queue and why. */
export interface Stop {
  readonly text: string;
  readonly why: 'code' | 'words' | 'failed';
}

export interface QueueState {
  /** The entry being looked up. */
  readonly current: string | null;
  /** Entries waiting their turn (behind the current one, or behind a stop). */
  readonly waiting: readonly string[];
  readonly stop: Stop | null;
}

export interface QueueHooks {
  readonly resolve: (text: string) => Promise<Resolution>;
  /** A product found, in the order the entries came. */
  readonly onProduct: (p: Product) => void;
  readonly onStop: (stop: Stop) => void;
  readonly onState: (s: QueueState) => void;
}

export class EntryQueue {
  private readonly entries: Entry[] = [];
  private current: string | null = null;
  private stop: Stop | null = null;
  private running = false;

  constructor(private readonly hooks: QueueHooks) {}

  state(): QueueState {
    return { current: this.current, waiting: this.entries.map((e) => e.text), stop: this.stop };
  }

  /** Anything typed and not yet in the cart: an entry looked up, waiting, or stopped. */
  pending(): boolean {
    return this.current !== null || this.entries.length > 0 || this.stop !== null;
  }

  push(entry: Entry): void {
    const text = entry.text.trim();
    if (!text) return;
    this.entries.push({ text, pick: entry.pick });
    this.changed();
    void this.run();
  }

  /** The stopped entry, corrected: it is taken first, then the ones that waited behind it. */
  retry(text: string): void {
    if (!this.stop) return this.push({ text });
    this.stop = null;
    const t = text.trim();
    if (t) this.entries.unshift({ text: t });
    this.changed();
    void this.run();
  }

  /** The stopped entry given up (or sold as an article without a code): the ones behind it go on. */
  dismiss(): void {
    if (!this.stop) return;
    this.stop = null;
    this.changed();
    void this.run();
  }

  /** Everything pending dropped (the cashier empties the box with Esc twice, or the screen closes). */
  clear(): void {
    this.entries.length = 0;
    this.stop = null;
    this.changed();
  }

  private changed(): void {
    this.hooks.onState(this.state());
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (!this.stop) {
        const next = this.entries.shift();
        if (!next) break;
        this.current = next.text;
        this.changed();
        const found: Resolution = next.pick
          ? { kind: 'product', product: next.pick }
          : await this.hooks.resolve(next.text).catch((): Resolution => ({ kind: 'failed' }));
        this.current = null;
        switch (found.kind) {
          case 'product':
            this.hooks.onProduct(found.product);
            break;
          case 'unknown':
            this.stop = { text: next.text, why: found.as };
            this.hooks.onStop(this.stop);
            break;
          case 'failed':
            this.stop = { text: next.text, why: 'failed' };
            this.hooks.onStop(this.stop);
            break;
          default: {
            const never: never = found;
            return never;
          }
        }
        this.changed();
      }
    } finally {
      this.running = false;
      this.current = null;
    }
  }
}

// ---- Scans apart from typed text ------------------------------------------------------------------------

/** The longest mean gap between a scanner's keys (they come every 5 to 20 ms; 150 words a minute is 80 ms a key). */
export const SCAN_GAP_MS = 50;
/** A pause longer than this ends a burst (a busy page may hold one key of a scan this long). */
export const SCAN_BREAK_MS = 100;
/** Text typed less than this before a burst is the burst's own (a scan held back longer): nobody types, then scans, faster. */
export const SCAN_PAUSE_MS = 300;
/** Keys a burst needs before its Enter to be a scan: fewer, at that pace, are a person's rollover. */
export const SCAN_MIN_KEYS = 4;

/** What an Enter ended: a scan that came on top of typed text, kept apart from it. */
export interface ScanApart {
  /** The scanned code, its own entry. */
  readonly scan: string;
  /** What the person had typed before the scan: it stays in the box. */
  readonly kept: string;
}

/**
 * Tells a scanner's burst from a person's typing by the keys' times (docs/decisions/0074-price-overrides-and-scans.md):
 * the box's text when the last burst began is what was typed; an Enter at scanner pace after enough fast keys
 * ends a scan, which is everything the burst added. Text that a scanner itself typed before (a scan cut short by
 * F12, then finished) is the same code, never kept apart. Times are the events' own (`KeyboardEvent.timeStamp`).
 */
export class BurstWatch {
  private last = Number.NEGATIVE_INFINITY;
  private start = 0;
  private before = '';
  private keys = 0;
  /** Whether the text before this burst is a scanner's too (a burst of its own, or a moment before this one). */
  private scannedBefore = false;

  /** A key that types one character, about to go into a box that holds `value`. */
  key(at: number, value: string): void {
    if (at - this.last > SCAN_BREAK_MS) {
      this.scannedBefore = value !== '' && (this.keys >= SCAN_MIN_KEYS || at - this.last < SCAN_PAUSE_MS);
      this.before = value;
      this.keys = 0;
      this.start = at;
    }
    this.keys += 1;
    this.last = at;
  }

  /** Whether the Enter at `at` ends a scanner's burst (whatever was typed before it). */
  isScan(at: number): boolean {
    // The mean of the burst's gaps, its Enter's included: one key held back by a busy page does not break a scan.
    return this.keys >= SCAN_MIN_KEYS && at - this.last <= SCAN_BREAK_MS && (at - this.start) / this.keys <= SCAN_GAP_MS;
  }

  /**
   * Enter at `at` with `value` in the box: the scan and the typed text kept apart when a burst came on top of
   * text; null when the whole box is one entry (typed by a person, or a scan into an empty box).
   */
  enter(at: number, value: string): ScanApart | null {
    const scan = this.isScan(at);
    const before = this.before;
    const scannedBefore = this.scannedBefore;
    this.reset();
    if (!scan || scannedBefore || before.trim() === '' || !value.startsWith(before)) return null;
    const code = value.slice(before.length).trim();
    return code ? { scan: code, kept: before } : null;
  }

  /**
   * The person did something else (the box lost the focus, a correction, a function key): the next keys are not
   * a scan held back. Whether the text so far was a scanner's is kept (a scan cut short by F12 is finished after).
   */
  interrupt(): void {
    this.last = Number.NEGATIVE_INFINITY;
  }

  reset(): void {
    this.last = Number.NEGATIVE_INFINITY;
    this.start = 0;
    this.before = '';
    this.keys = 0;
    this.scannedBefore = false;
  }
}
