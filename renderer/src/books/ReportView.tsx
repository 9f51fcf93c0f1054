// The sales report's figures: by day, by kind, IVA and retentions, the top products, each a chart with its table,
// and the documents that still need someone.
import type { SalesReport } from '../../../shared/books';
import type { DteKind } from '../../../shared/contract';
import { usd } from '../money';
import { booksWords } from '../words/books';
import { AttentionList } from './AttentionList';
import { Bars, type BarDatum } from './Bars';
import { ChartBlock } from './ChartBlock';
import { DataTable } from './DataTable';
import { shortDate } from './month';
import { kindName } from './names';
import { CHART } from './palette';

const R = booksWords.reports;
/** The kinds that are sales; CR (retentions) and FSE (purchases) are listed apart. */
const SALES: readonly DteKind[] = ['FC', 'CCF', 'ND', 'NC', 'FEX'];
const n = (amount: string) => Number(amount);

export function ReportView({ report }: { report: SalesReport }) {
  const { from, to } = report.query;
  const file = (what: string) => R.fileName(what, from, to);
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const days: BarDatum[] = report.byDay.map((d) => ({
    label: sameMonth ? d.date.slice(8) : shortDate(d.date).slice(0, 5),
    title: shortDate(d.date),
    value: n(d.sales),
  }));
  const kinds = report.byKind.filter((k) => k.count > 0 && SALES.includes(k.kind));
  const others = report.byKind.filter((k) => k.count > 0 && !SALES.includes(k.kind));
  const taxes = [
    { key: 'iva', label: R.taxes.iva, amount: report.totals.iva },
    { key: 'retained', label: R.taxes.retained, amount: report.totals.retained },
    { key: 'perceived', label: R.taxes.perceived, amount: report.totals.perceived },
  ];
  const products = report.topProducts;
  return (
    <div className="report-view">
      <p className="report-totals" data-testid="report-totals">
        <strong>{R.periodText(shortDate(from), shortDate(to))}</strong> · {R.totals(report.totals.documents, usd(report.totals.sales))}
        {report.totals.returnsCount > 0 && <> · {R.returns(report.totals.returnsCount, usd(report.totals.returns))}</>}
      </p>
      <p className="hint">{R.chartHint}</p>
      <ChartBlock
        id="by-day"
        title={R.byDay.title}
        chart={<Bars data={days} name={R.byDay.sales} title={R.byDay.chart} />}
        table={
          <DataTable
            caption={R.byDay.title}
            fileName={file(R.byDay.file)}
            rows={report.byDay}
            rowKey={(d) => d.date}
            scroll
            captionHidden
            columns={[
              { label: R.byDay.date, cell: (d) => shortDate(d.date), csv: (d) => d.date },
              { label: R.byDay.documents, cell: (d) => d.documents, csv: (d) => d.documents, numeric: true },
              { label: R.byDay.sales, cell: (d) => usd(d.sales), csv: (d) => d.sales, numeric: true },
              { label: R.byDay.iva, cell: (d) => usd(d.iva), csv: (d) => d.iva, numeric: true },
            ]}
            footer={{
              cells: ['Total', report.totals.documents, usd(report.totals.sales), usd(report.totals.iva)],
              csv: ['Total', report.totals.documents, report.totals.sales, report.totals.iva],
            }}
          />
        }
      />
      <ChartBlock
        id="by-kind"
        title={R.byKind.title}
        note={[
          R.byKind.note,
          ...(others.length > 0 ? [R.byKind.others(others.map((k) => R.byKind.other(kindName(k.kind), k.count, usd(k.total))))] : []),
        ].join(' ')}
        chart={
          kinds.length > 0 && (
            <Bars
              data={kinds.map((k) => ({ label: k.kind, title: kindName(k.kind), value: n(k.total) }))}
              name={R.byKind.total}
              title={R.byKind.chart}
              color={CHART.purple}
            />
          )
        }
        table={
          <DataTable
            caption={R.byKind.title}
            captionHidden
            fileName={file(R.byKind.file)}
            rows={kinds}
            rowKey={(k) => k.kind}
            empty={R.empty}
            columns={[
              { label: R.byKind.kind, cell: (k) => kindName(k.kind), csv: (k) => kindName(k.kind) },
              { label: R.byKind.count, cell: (k) => k.count, csv: (k) => k.count, numeric: true },
              { label: R.byKind.total, cell: (k) => usd(k.total), csv: (k) => k.total, numeric: true },
              { label: R.byKind.iva, cell: (k) => usd(k.iva), csv: (k) => k.iva, numeric: true },
            ]}
          />
        }
      />
      <ChartBlock
        id="taxes"
        title={R.taxes.title}
        chart={
          <Bars
            data={taxes.map((t) => ({ label: t.label, title: t.label, value: n(t.amount) }))}
            name={R.taxes.amount}
            title={R.taxes.chart}
            color={CHART.vermillion}
            across
            height={150}
          />
        }
        table={
          <DataTable
            caption={R.taxes.title}
            captionHidden
            fileName={file(R.taxes.file)}
            rows={taxes}
            rowKey={(t) => t.key}
            columns={[
              { label: R.taxes.concept, cell: (t) => t.label, csv: (t) => t.label },
              { label: R.taxes.amount, cell: (t) => usd(t.amount), csv: (t) => t.amount, numeric: true },
            ]}
          />
        }
      />
      <ChartBlock
        id="products"
        title={R.products.title}
        note={R.products.note}
        chart={
          products.length > 0 && (
            <Bars
              data={products.map((p, i) => ({ label: `${i + 1}. ${p.description}`, title: p.description, value: n(p.total) }))}
              name={R.products.total}
              title={R.products.chart}
              color={CHART.green}
              across
              height={Math.max(140, 34 * products.length + 40)}
            />
          )
        }
        table={
          <DataTable
            caption={R.products.title}
            captionHidden
            fileName={file(R.products.file)}
            rows={products}
            rowKey={(p, i) => `${p.code ?? ''}-${i}`}
            empty={R.products.empty}
            columns={[
              { label: R.products.description, cell: (p) => p.description, csv: (p) => p.description },
              {
                label: R.products.code,
                // A code is one word: it never breaks at its hyphen.
                cell: (p) => (p.code ? <span className="nowrap">{p.code}</span> : <span className="muted">{R.products.noCode}</span>),
                csv: (p) => p.code ?? '',
              },
              { label: R.products.quantity, cell: (p) => p.quantity, csv: (p) => p.quantity, numeric: true },
              { label: R.products.total, cell: (p) => usd(p.total), csv: (p) => p.total, numeric: true },
            ]}
          />
        }
      />
      <AttentionList attention={report.attention} fileName={file(R.attention.file)} />
    </div>
  );
}
