// documentoRelacionado of the kinds that cite other DTEs without adjusting them (the CCF its NRs, the NR its
// invoices): each by its generation code, refused where the version's enum does not take its kind.
import type { DteKind, FieldError } from '../../../../shared/contract';
import { MH_TYPE } from '../../../../shared/contract';
import type { BuildContext } from './context';
import { GENERATION } from './mappings';

/** The related documents, or null when there is none (MH's minItems is 1); refusals go into `errors`. */
export function documentoRelacionado(
  related: readonly { id: string }[] | null | undefined,
  ctx: BuildContext,
  allowed: readonly DteKind[],
  kindName: string,
  errors: FieldError[],
) {
  const docs = (related ?? []).flatMap((d, i) => {
    const r = ctx.related(d.id);
    const path = `relatedTaxDocuments.${i}.id`;
    // The create path checked these; a missing one here is a bug, reported rather than thrown.
    if (!r) {
      errors.push({ path, code: 'UNKNOWN_CODE', message: 'No hay en esta estación un DTE con ese id.' });
      return [];
    }
    if (!allowed.includes(r.kind)) {
      errors.push({
        path,
        code: 'NOT_ALLOWED',
        message: `MH no admite relacionar un ${r.kind} con ${kindName} (admite: ${allowed.join(', ')}).`,
      });
      return [];
    }
    return [
      {
        tipoDocumento: MH_TYPE[r.kind],
        tipoGeneracion: GENERATION.DIGITAL,
        numeroDocumento: r.codigoGeneracion,
        fechaEmision: r.issueDate,
      },
    ];
  });
  return docs.length ? docs : null;
}
