// The books' word on Eventos de Operaciones Especiales (decision 0083): a month the books cover with an EOE that MH
// has not sealed (waiting, in doubt, or refused) is a warning before filing. A month with no EOE says nothing: a
// station that issues no simplified invoices or internal vouchers reports none.
import type { Store } from '../../store/database';
import { specialOperationsRepo } from './special-operations-repo';

export function specialOperationsWarnings(store: Store, from: string, to: string): string[] {
  const rows = specialOperationsRepo(store).periodsBetween(from.slice(0, 7), to.slice(0, 7));
  const periods = [...new Set(rows.map((r) => r.period))];
  return periods.flatMap((period) => {
    const mine = rows.filter((r) => r.period === period);
    const waiting = mine.filter((r) => r.status === 'PENDING').length;
    // A refusal an event made after it (sealed or on its way) answers is settled: it corrected and sent it again.
    const refused = mine.filter(
      (r) => r.status === 'REJECTED' && !mine.some((o) => o.status !== 'REJECTED' && o.created_at > r.created_at),
    ).length;
    return [
      ...(waiting > 0
        ? [`Operaciones especiales de ${period}: ${waiting} evento(s) sin sello de MH todavía; espere la respuesta antes de declarar.`]
        : []),
      ...(refused > 0
        ? [`Operaciones especiales de ${period}: MH rechazó ${refused} evento(s); corríjalos y envíelos de nuevo (vea Sincronización).`]
        : []),
    ];
  });
}
