// The month's annexes built from its documents: each annex's rows, the checks MH's portal would make, and the
// F-07 casillas it feeds.
import type { AnnexId, AnnexProblem, AnnexSummary, BooksSettings } from '../../../shared/books';
import { annex1, annex1Fold } from './annex-1';
import { annex2, annex2Fold } from './annex-2';
import { annex5, annex5Fold } from './annex-5';
import { annex9, annex9Fold } from './annex-9';
import { annexAnnulled, annexAnnulledFold } from './annex-annulled';
import type { AnnexBuild, AnnexFold, EmitRow } from './annex-build';
import { checkFileName, rowChecker } from './annex-check';
import { ANNEX_SPECS } from './annex-columns';
import { annexFileName } from './annex-file';
import { annexRetentions, annexRetentionsFold } from './annex-retentions';
import type { BookDocument } from './book-document';
import { casillaSums } from './casillas';

export interface MonthDocuments {
  readonly month: string;
  /** The documents issued in the month. */
  readonly issued: readonly BookDocument[];
  /** The documents invalidated in the month, whenever they were issued. */
  readonly invalidated: readonly BookDocument[];
  /** The month's Eventos de Retorno as book documents (book-return.ts); none when absent. */
  readonly returns?: readonly BookDocument[];
  /** The station's point (M001P001) in file names; null for a company's files. */
  readonly point: string | null;
}

export function buildAnnex(annex: AnnexId, m: MonthDocuments, s: BooksSettings): AnnexBuild {
  switch (annex) {
    case '1':
      return annex1(m.issued, m.month, s);
    case '2':
      return annex2(m.issued, m.invalidated, m.month, s, m.returns);
    case '5':
      return annex5(m.issued, m.month, s, m.returns);
    case '9':
      return annex9(m.issued, m.month);
    case '10':
    case '12':
      return annexRetentions(annex, m.issued, m.month);
    case 'anulados':
      return annexAnnulled(m.invalidated, m.month, s);
    default: {
      const never: never = annex;
      return never;
    }
  }
}

/** An annex read one document at a time, in issue order (annex-build.ts, AnnexFold). */
export function openAnnex(
  annex: AnnexId,
  month: string,
  s: BooksSettings,
  invalidated: readonly BookDocument[],
  emit: EmitRow,
  returns: readonly BookDocument[] = [],
): AnnexFold {
  switch (annex) {
    case '1':
      return annex1Fold(month, s, emit);
    case '2':
      return annex2Fold(month, s, invalidated, emit, returns);
    case '5':
      return annex5Fold(month, s, emit, returns);
    case '9':
      return annex9Fold(month, emit);
    case '10':
    case '12':
      return annexRetentionsFold(annex, month, emit);
    case 'anulados':
      return annexAnnulledFold(invalidated, month, s, emit);
    default: {
      const never: never = annex;
      return never;
    }
  }
}

/**
 * An annex's summary tallied as its rows go by: the count, the casillas and MH's checks of each line, never the
 * lines themselves.
 */
export function annexTally(annex: AnnexId, month: string, s: BooksSettings, point: string | null) {
  const fileName = annexFileName(annex, month, point);
  const casillas = casillaSums(annex);
  const check = rowChecker(annex, month, s);
  const problems: AnnexProblem[] = checkFileName(fileName);
  let rows = 0;
  return {
    row(cells: readonly string[]) {
      rows += 1;
      casillas.add(cells);
      problems.push(...check(cells, rows));
    },
    summary(notes: readonly AnnexProblem[]): AnnexSummary {
      return { annex, title: ANNEX_SPECS[annex].title, fileName, rows, casillas: casillas.result(), problems: [...problems, ...notes] };
    },
  };
}

export function summarizeAnnex(build: AnnexBuild, m: MonthDocuments, s: BooksSettings): AnnexSummary {
  const tally = annexTally(build.annex, m.month, s, m.point);
  build.rows.forEach((r) => tally.row(r));
  return tally.summary(build.notes);
}
