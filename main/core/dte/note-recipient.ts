// An NC or ND adjusts an operation with the taxpayer the CCF (or CR) was issued to, so it goes to that same
// taxpayer: a note to another NIT would move the tax credit to someone who was not party to the operation
// (docs/decisions/0076-fields-said-in-two-languages.md). The adjusted document is read as MH holds it.
import type { DteKind, FieldError } from '../../../shared/contract';
import { readDte, UnknownMhVersion } from '../mh-read/read-dte';

export interface AdjustedDocument {
  readonly kind: DteKind;
  /** Its control number, to name it in the message. */
  readonly control: string;
  readonly mhJson: unknown;
}

/** The same identifier whatever MH's version wrote (a DUI with or without its hyphen). */
const plain = (n: string): string => n.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** An error on the note's recipient document for each adjusted document issued to another party. */
export function noteRecipientErrors(recipientNumber: string, adjusted: readonly AdjustedDocument[]): FieldError[] {
  const mine = plain(recipientNumber);
  const errors: FieldError[] = [];
  for (const doc of adjusted) {
    let theirs: string | null;
    try {
      theirs = readDte(doc.kind, doc.mhJson).party?.number ?? null;
    } catch (e) {
      // A version this build cannot read is not this rule's to judge: MH checks the rest.
      if (e instanceof UnknownMhVersion) continue;
      throw e;
    }
    if (theirs !== null && plain(theirs) !== mine) {
      errors.push({
        path: 'recipient.identificationDocument.number',
        code: 'NOT_ALLOWED',
        message: `Una nota va al mismo receptor del documento que ajusta: el ${doc.kind} ${doc.control} se emitió a ${plain(theirs)}.`,
      });
    }
  }
  return errors;
}
