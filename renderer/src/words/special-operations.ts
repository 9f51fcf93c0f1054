// The words of the Eventos de Operaciones Especiales on the sync screen (docs/decisions/0083-evento-de-operaciones-especiales.md).
import type { EoeRecord, EoeStatus } from '../../../shared/operaciones-especiales';

export const specialOperationsWords = {
  title: 'Operaciones especiales (facturas simplificadas y comprobantes de control interno)',
  status: { PENDING: 'Espera a MH', APPROVED: 'Aprobado por MH', REJECTED: 'Rechazado por MH' } satisfies Record<EoeStatus, string>,
  line: (e: EoeRecord) =>
    `${e.period} · ${e.items.length === 1 ? '1 ítem' : `${e.items.length} ítems`} ${e.mode === 'ranges' ? 'por rangos' : 'uno a uno'}` +
    `${e.reReport ? ' · anulados' : ''} · $${e.total}`,
  seal: 'Sello',
};
