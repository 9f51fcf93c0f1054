// The documents of the period that still need someone: waiting for MH's answer, or rejected by MH. Their state
// is said in words (and marked by colour too).
import type { SalesReport } from '../../../shared/books';
import { usd } from '../money';
import { booksWords } from '../words/books';
import { DataTable } from './DataTable';
import { shortDate } from './month';
import { kindName, statusName } from './names';

const A = booksWords.reports.attention;

export function AttentionList({ attention, fileName }: { attention: SalesReport['attention']; fileName: string }) {
  const all = attention.pending + attention.rejected;
  return (
    <section className="report-block" aria-labelledby="report-attention-h" data-testid="report-attention">
      <h3 id="report-attention-h">{A.title}</h3>
      {all === 0 ? (
        <p className="ok">{A.none}</p>
      ) : (
        <>
          <p className={attention.rejected > 0 ? 'warning' : undefined}>
            <strong>{A.counts(attention.pending, attention.rejected)}</strong>. {A.next}
          </p>
          <DataTable
            caption={A.title}
            captionHidden
            fileName={fileName}
            rows={attention.documents}
            rowKey={(d) => d.id}
            columns={[
              { label: A.control, cell: (d) => <span className="mono">{d.controlNumber}</span>, csv: (d) => d.controlNumber },
              { label: A.kind, cell: (d) => kindName(d.kind), csv: (d) => kindName(d.kind) },
              {
                label: A.status,
                cell: (d) => <span className={`status status-${d.status.toLowerCase()}`}>{statusName(d.status)}</span>,
                csv: (d) => statusName(d.status),
              },
              { label: A.date, cell: (d) => shortDate(d.date), csv: (d) => d.date },
              { label: A.total, cell: (d) => usd(d.total), csv: (d) => d.total, numeric: true },
            ]}
          />
          {attention.documents.length < all && <p className="hint">{A.more(attention.documents.length, all)}</p>}
        </>
      )}
    </section>
  );
}
