// Documents' kinds and states in words, as the reports name them.
import type { DteKind } from '../../../shared/contract';
import { es } from '../strings';

/** `Factura (FC)`. */
export const kindName = (kind: DteKind): string => `${es.kinds[kind]} (${kind})`;

/** `Rechazado`; an unknown state as it came. */
export const statusName = (status: string): string => (es.status as Record<string, string>)[status] ?? status;
