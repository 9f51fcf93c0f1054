// A report's figure: its heading, the chart, and beside it the table with the same figures (and its CSV).
import type { ReactNode } from 'react';

export function ChartBlock({
  id,
  title,
  note,
  chart,
  table,
}: {
  id: string;
  title: string;
  note?: string;
  /** Null when there is nothing to draw (the table says so). */
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <section className="report-block" aria-labelledby={`report-${id}-h`} data-testid={`report-${id}`}>
      <h3 id={`report-${id}-h`}>{title}</h3>
      {note && <p className="hint">{note}</p>}
      <div className={chart ? 'report-pair' : undefined}>
        {chart && <div className="report-chart">{chart}</div>}
        {table}
      </div>
    </section>
  );
}
