// A table of figures with its "Exportar CSV": the file has the same rows and columns as the screen, amounts as
// plain decimals. A long table scrolls inside its own box (reachable with Tab, so the keyboard scrolls it too).
import type { ReactNode } from 'react';
import { booksWords } from '../words/books';
import { saveCsv, type CsvCell } from './csv';

export interface Column<T> {
  readonly label: string;
  readonly cell: (row: T) => ReactNode;
  readonly csv: (row: T) => CsvCell;
  /** Amounts and counts line up on the right. */
  readonly numeric?: boolean;
}

export interface Footer {
  readonly cells: readonly ReactNode[];
  readonly csv: readonly CsvCell[];
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  fileName,
  footer,
  empty,
  scroll = false,
  captionHidden = false,
  group,
  testId,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  fileName: string;
  footer?: Footer;
  /** What an empty table says instead of rows. */
  empty?: string;
  scroll?: boolean;
  /** The caption for screen readers only, when a heading just above says the same. */
  captionHidden?: boolean;
  /** Rows in groups: a heading row where the group changes on screen, a first column in the file. */
  group?: { readonly label: string; readonly of: (row: T) => string };
  testId?: string;
}) {
  const exportCsv = () =>
    saveCsv(
      fileName,
      [...(group ? [group.label] : []), ...columns.map((c) => c.label)],
      [
        ...rows.map((r) => [...(group ? [group.of(r)] : []), ...columns.map((c) => c.csv(r))]),
        ...(footer ? [[...(group ? [''] : []), ...footer.csv]] : []),
      ],
    );
  const line = (r: T, i: number) => (
    <tr key={rowKey(r, i)}>
      {columns.map((c, j) =>
        j === 0 ? (
          <th key={c.label} scope="row" className={c.numeric ? 'num' : undefined}>
            {c.cell(r)}
          </th>
        ) : (
          <td key={c.label} className={c.numeric ? 'num' : undefined}>
            {c.cell(r)}
          </td>
        ),
      )}
    </tr>
  );
  const body = (): ReactNode[] =>
    rows.flatMap((r, i) => {
      const name = group?.of(r);
      const starts = group !== undefined && (i === 0 || group.of(rows[i - 1] as T) !== name);
      return starts
        ? [
            <tr key={`group-${name}`} className="group-row">
              <th scope="colgroup" colSpan={columns.length}>
                {name}
              </th>
            </tr>,
            line(r, i),
          ]
        : [line(r, i)];
    });
  const table = (
    <table className="books-data" data-testid={testId}>
      <caption className={captionHidden ? 'sr-only' : undefined}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty ? (
          <tr>
            <td colSpan={columns.length} className="muted">
              {empty}
            </td>
          </tr>
        ) : (
          body()
        )}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            {footer.cells.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j} className={columns[j]?.numeric ? 'num' : undefined}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      )}
    </table>
  );
  return (
    <div className="books-table">
      {scroll ? (
        <div className="books-scroll" tabIndex={0} role="region" aria-label={booksWords.tableRegion(caption)}>
          {table}
        </div>
      ) : (
        table
      )}
      <button type="button" className="books-export" onClick={exportCsv} aria-label={booksWords.exportCsvLabel(caption)}>
        {booksWords.exportCsv}
      </button>
    </div>
  );
}
