// Prices lowered at the counter (docs/decisions/0074-price-overrides-and-scans.md). A person's FC or CCF line
// priced below its catalog product's shelf price, by more than the station's threshold, needs a supervisor: the
// supervisor types their login and password or PIN at the counter (`approve`), the approval waits a few minutes
// for that person's sale, and the sale's create records the line with both prices, the document, who asked and
// who approved, in the create's own transaction; a line with no approval refuses the whole sale (422 naming it).
// A POS key's documents are the contract's and are never asked (its prices are the POS's business).
import type { Product } from '../../../shared/catalog';
import type { DteKind, FieldError } from '../../../shared/contract';
import { validate } from '../../../shared/contract/validate';
import type { DayClose } from '../../../shared/close';
import {
  priceApprovalInput,
  priceOverrideQuery,
  priceOverrideSettingsInput,
  type PriceApproval,
  type PriceOverride,
  type PriceOverridePage,
  type PriceOverrideSettings,
} from '../../../shared/price-overrides';
import type { UserInfo } from '../../../shared/people';
import { Dec, dec, type Dec as DecT } from '../../../shared/tax';
import { audit } from '../audit';
import type { Actor } from '../auth/actor';
import { memoryLoginBackoff } from '../auth/login-backoff';
import { LoginThrottled } from '../auth/people';
import type { Clock } from '../clock';
import { isoLocal } from '../clock';
import { CoreError, validationFailed } from '../errors';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { insertOverride, listOverrides, overridesOfClose } from './overrides-repo';
import { consumerPrice, needsApproval, type PricedLine } from './price-rule';

/** How long an approval waits for the sale it was asked for. */
export const APPROVAL_MS = 10 * 60_000;
/** Approvals held at most (the oldest go first): a counter asks for a few at a time. */
const MAX_APPROVALS = 500;
const KEY = 'price_overrides';
const DEFAULT: PriceOverrideSettings = { threshold: '0' };
/** The kinds a counter sells with catalog prices. */
const SALES: readonly DteKind[] = ['FC', 'CCF'];
const NOISE = new Dec('0.000001');

export interface PriceOverridesDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly product: (code: string) => Product | null;
  readonly users: {
    readonly get: (login: string) => UserInfo | null;
    readonly check: (login: string, secret: string) => Promise<UserInfo | null>;
  };
  readonly nameOf: (actorId: string) => string | null;
}

export interface PriceOverrides {
  readonly settings: () => PriceOverrideSettings;
  readonly setSettings: (input: unknown, actor: string) => PriceOverrideSettings;
  /** A supervisor's word for a price at the counter, held for `asker`'s next sale. */
  readonly approve: (input: unknown, asker: Actor) => Promise<PriceApproval>;
  /** Runs a create (in a transaction of its own) and records its lines below the shelf; refuses one not approved. */
  readonly issuing: <T extends { readonly record: { readonly id: string; readonly controlNumber: string }; readonly replayed: boolean }>(
    kind: DteKind,
    body: unknown,
    actor: string,
    run: () => T,
  ) => T;
  /** GET /price-overrides. */
  readonly list: (query: unknown) => PriceOverridePage;
  /** The overrides of a close's scope and period. */
  readonly ofClose: (close: Pick<DayClose, 'scope' | 'from' | 'to'>) => PriceOverride[];
}

interface Held {
  readonly id: string;
  readonly asker: string;
  readonly productId: string;
  readonly price: DecT;
  readonly approver: UserInfo;
  readonly at: string;
  readonly until: number;
}

/** A price as money reads: two decimals at least, all of a price per gram's. */
const money = (d: DecT): string => (d.decimalPlaces() > 2 ? d.toString() : d.toFixed(2));

const isSupervisor = (u: UserInfo | null): boolean => u !== null && (u.role === 'SUPERVISOR' || u.role === 'ADMIN');

export function priceOverrides(d: PriceOverridesDeps): PriceOverrides {
  const settings = settingsRepo(d.store);
  const held = new Map<string, Held>();
  const now = () => d.clock.now().getTime();
  // A wrong supervisor password counts like a wrong login for that supervisor at this counter (decision 0065).
  const backoff = memoryLoginBackoff(now);

  const read = (): PriceOverrideSettings => {
    const v = settings.get(KEY);
    return v ? { ...DEFAULT, ...(JSON.parse(v) as Partial<PriceOverrideSettings>) } : DEFAULT;
  };
  const forget = () => {
    for (const [id, h] of held) if (h.until <= now()) held.delete(id);
    while (held.size >= MAX_APPROVALS) held.delete(held.keys().next().value!);
  };

  return {
    settings: read,
    setSettings(input, actor) {
      const parsed = validate(priceOverrideSettingsInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors);
      const value: PriceOverrideSettings = { threshold: dec(parsed.value.threshold).toString() };
      d.store.tx(() => {
        settings.set(KEY, JSON.stringify(value));
        audit(d.store, isoLocal(d.clock.now()), actor, 'settings.price-overrides', null, value);
      });
      return value;
    },

    async approve(input, asker) {
      const parsed = validate(priceApprovalInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors);
      const { code, price, supervisor, secret } = parsed.value;
      if (!asker.id.startsWith('user:'))
        throw new CoreError('FORBIDDEN', 'Solo una persona en el mostrador pide una aprobación de precio.');
      const product = d.product(code);
      if (!product)
        throw validationFailed([
          { path: 'code', code: 'UNKNOWN_CODE', message: `No hay un producto con el código ${code} en el catálogo.` },
        ]);
      const login = supervisor.toLowerCase();
      const admitted = backoff.admit(login, asker.id);
      if (!admitted.ok) throw new LoginThrottled(admitted.wait, admitted.scope);
      const approver = await d.users.check(login, secret);
      if (!approver)
        throw validationFailed(
          [{ path: 'secret', code: 'NOT_ALLOWED', message: 'Usuario o contraseña del supervisor incorrectos.' }],
          'El supervisor no fue reconocido: revise su usuario y su contraseña o PIN.',
        );
      admitted.succeeded();
      if (!isSupervisor(approver))
        throw new CoreError('FORBIDDEN', 'Un precio por debajo del de estante lo aprueba un supervisor o un administrador, no un cajero.', [
          {
            path: 'supervisor',
            code: 'NOT_ALLOWED',
            message: `${approver.name} es cajero: pida a un supervisor que escriba su usuario y contraseña.`,
          },
        ]);
      forget();
      const at = d.clock.now();
      const h: Held = {
        id: d.newId(),
        asker: asker.id,
        productId: product.id,
        price: dec(price),
        approver,
        at: isoLocal(at),
        until: at.getTime() + APPROVAL_MS,
      };
      held.set(h.id, h);
      audit(d.store, h.at, `user:${approver.login}`, 'price.approved', null, {
        askedBy: asker.id,
        code: product.code,
        shelfPrice: product.shelfPrice,
        price: money(h.price),
      });
      return {
        approvalId: h.id,
        code: product.code,
        price: money(h.price),
        shelfPrice: product.shelfPrice,
        approvedBy: `user:${approver.login}`,
        approvedByName: approver.name,
        expiresAt: isoLocal(new Date(h.until)),
      };
    },

    issuing(kind, body, actor, run) {
      if (!SALES.includes(kind) || !actor.startsWith('user:')) return run();
      const used: string[] = [];
      const result = d.store.tx(() => {
        const r = run();
        if (r.replayed) return r;
        const threshold = read().threshold;
        const asker = d.users.get(actor.slice(5));
        const items = ((body as { items?: unknown }).items ?? []) as readonly PricedLine[];
        const errors: FieldError[] = [];
        const createdAt = isoLocal(d.clock.now());
        items.forEach((line, i) => {
          const product = line.internalCode ? d.product(line.internalCode) : null;
          if (!product) return;
          const price = consumerPrice(line);
          if (!needsApproval(product, price, threshold)) return;
          // A supervisor selling approves their own price; anyone else needs an approval held for them.
          const h = isSupervisor(asker) ? null : approvalFor(actor, product, price, used);
          if (!isSupervisor(asker) && !h) {
            errors.push({
              path: `items.${i}.unitPrice`,
              code: 'NOT_ALLOWED',
              message: `${product.code}: $${price.toFixed(2)} está por debajo del precio de estante ($${dec(product.shelfPrice).toFixed(2)}); necesita la aprobación de un supervisor.`,
            });
            return;
          }
          const approvedBy = h ? `user:${h.approver.login}` : actor;
          const row = {
            id: d.newId(),
            document_id: r.record.id,
            kind,
            control_number: r.record.controlNumber,
            line: i,
            product_id: product.id,
            product_code: product.code,
            description: product.description,
            quantity: dec(line.quantity).toString(),
            shelf_price: product.shelfPrice,
            price: money(price),
            asked_by: actor,
            asked_by_name: d.nameOf(actor),
            approved_by: approvedBy,
            approved_by_name: h ? h.approver.name : d.nameOf(actor),
            approved_at: h ? h.at : createdAt,
            created_at: createdAt,
          };
          insertOverride(d.store, row);
          audit(d.store, createdAt, actor, 'price.override', r.record.id, {
            line: i,
            code: product.code,
            shelfPrice: row.shelf_price,
            price: row.price,
            approvedBy,
          });
        });
        if (errors.length) throw validationFailed(errors, 'Un precio por debajo del de estante necesita la aprobación de un supervisor.');
        return r;
      });
      // Spent only once the sale is stored: a refused sale keeps its approvals for the retry.
      for (const id of used) held.delete(id);
      return result;
    },

    list(query) {
      const parsed = validate(priceOverrideQuery, query ?? {});
      if (!parsed.ok) throw validationFailed(parsed.errors);
      const q = parsed.value;
      return {
        items: listOverrides(d.store, {
          // Bounds that hold every time of those days, whatever its seconds or offset.
          from: q.from ? `${q.from}T` : undefined,
          to: q.to ? `${q.to}T~` : undefined,
          askedBy: q.login ? `user:${q.login.toLowerCase()}` : undefined,
          limit: q.limit ?? 200,
        }),
      };
    },

    ofClose: (close) => overridesOfClose(d.store, close),
  };

  /** An unspent, unexpired approval held for `asker` covering this product at this price. */
  function approvalFor(asker: string, product: Product, price: DecT, used: string[]): Held | null {
    for (const h of held.values()) {
      if (h.asker !== asker || h.productId !== product.id || h.until <= now() || used.includes(h.id)) continue;
      if (h.price.minus(price).greaterThan(NOISE)) continue;
      used.push(h.id);
      return h;
    }
    return null;
  }
}
