// The month's annexes built from its documents: each annex's rows, the checks MH's portal would make, and the
// F-07 casillas it feeds.
import type { AnnexId, AnnexSummary, BooksSettings } from '../../../shared/books';
import { annex1 } from './annex-1';
import { annex2 } from './annex-2';
import { annex5 } from './annex-5';
import { annex9 } from './annex-9';
import { annexAnnulled } from './annex-annulled';
import type { AnnexBuild } from './annex-build';
import { checkAnnex } from './annex-check';
import { ANNEX_SPECS } from './annex-columns';
import { annexFileName } from './annex-file';
import { annexRetentions } from './annex-retentions';
import type { BookDocument } from './book-document';
import { casillasOf } from './casillas';

export interface MonthDocuments {
  readonly month: string;
  /** The documents issued in the month. */
  readonly issued: readonly BookDocument[];
  /** The documents invalidated in the month, whenever they were issued. */
  readonly invalidated: readonly BookDocument[];
  /** The station's point (M001P001) in file names; null for a company's files. */
  readonly point: string | null;
}

export function buildAnnex(annex: AnnexId, m: MonthDocuments, s: BooksSettings): AnnexBuild {
  switch (annex) {
    case '1':
      return annex1(m.issued, m.month, s);
    case '2':
      return annex2(m.issued, m.invalidated, m.month, s);
    case '5':
      return annex5(m.issued, m.month, s);
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

export function summarizeAnnex(build: AnnexBuild, m: MonthDocuments, s: BooksSettings): AnnexSummary {
  const fileName = annexFileName(build.annex, m.month, m.point);
  return {
    annex: build.annex,
    title: ANNEX_SPECS[build.annex].title,
    fileName,
    rows: build.rows.length,
    casillas: casillasOf(build.annex, build.rows),
    problems: [...checkAnnex(build.annex, build.rows, m.month, s, fileName), ...build.notes],
  };
}
