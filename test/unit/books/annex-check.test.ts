// The checks before upload (issue 16 item 2), rule by rule: a row MH's portal takes, then one cell broken at a
// time, each refusal naming the row and the column in the portal's words where the manual gives them.
import { describe, expect, it } from 'vitest';
import { BOOKS_DEFAULTS, type AnnexId } from '../../../shared/books';
import { checkAnnex, parseAnnexText } from '../../../main/core/books/annex-check';
import { encodeWindows1252 } from '../../../main/core/books/windows-1252';
import { annexText } from '../../../main/core/books/annex-file';

const SEAL = '2026DE16B8B536CFFA0E31A4B473B077B8EB3F62';
const CODE = 'B00C0000000040008000000000000005';
const A1 = `02/11/2026;4;03;DTE03M001P001000000000000002;${SEAL};${CODE};;06141234567890;La Ceiba;0.00;0.00;37.70;4.90;0.00;0.00;37.70;;1;3;1`;
const A2 = `02/11/2026;4;01;N/A;N/A;N/A;N/A;${CODE};${CODE};;0.80;0.00;0.00;18.86;0.00;0.00;0.00;0.00;0.00;19.66;4;3;2`;
const A5 = `2;045678912;Juan Martínez;02/11/2026;${SEAL};${CODE};80.00;0.00;1;2;2;2;5`;

const cells = (line: string) => line.split(';');
const at = (line: string, letter: string, value: string) => {
  const c = cells(line);
  c[letter.charCodeAt(0) - 65] = value;
  return c;
};
const check = (annex: AnnexId, rows: string[][], month = '2026-11', name = 'A1_202611.CSV') =>
  checkAnnex(annex, rows, month, BOOKS_DEFAULTS, name);
/** The one problem a row has: where and what. */
const only = (annex: AnnexId, row: string[], month?: string) => {
  const problems = check(annex, [row], month);
  expect(problems, JSON.stringify(problems)).toHaveLength(1);
  return problems[0]!;
};

describe('a row MH takes', () => {
  it('passes as it is', () => {
    expect(check('1', [cells(A1)])).toEqual([]);
    expect(check('2', [cells(A2)])).toEqual([]);
    expect(check('5', [cells(A5)])).toEqual([]);
  });
});

describe('Anexo 1, one cell broken at a time', () => {
  it('structure: the wrong number of columns', () => {
    expect(only('1', cells(A1).slice(0, 19))).toMatchObject({
      row: 1,
      column: '',
      message: expect.stringContaining('estructura') as string,
    });
  });
  it('the date: its format and its period', () => {
    expect(only('1', at(A1, 'A', '2026-11-02'))).toMatchObject({ column: 'A', message: expect.stringContaining('DD/MM/AAAA') as string });
    expect(only('1', at(A1, 'A', '31/02/2026'))).toMatchObject({ column: 'A' });
    expect(only('1', at(A1, 'A', '31/10/2026'))).toMatchObject({ column: 'A', message: 'Registro no es para el período a declarar.' });
  });
  it('the document type and the DTE identifiers', () => {
    expect(only('1', at(A1, 'C', '01'))).toMatchObject({ column: 'C', field: 'TIPO DE DOCUMENTO' });
    expect(only('1', at(A1, 'D', 'DTE-03-M001P001-000000000000002'))).toMatchObject({ column: 'D' });
    expect(only('1', at(A1, 'E', ''))).toMatchObject({ column: 'E', message: expect.stringContaining('sello de recepción') as string });
    expect(only('1', at(A1, 'F', CODE.toLowerCase()))).toMatchObject({ column: 'F' });
    expect(only('1', at(A1, 'G', CODE))).toMatchObject({ column: 'G', message: expect.stringContaining('en blanco') as string });
  });
  it('NIT or DUI, never both, never neither', () => {
    expect(only('1', at(A1, 'Q', '012345678'))).toMatchObject({ column: 'Q', message: expect.stringContaining('no ambos') as string });
    expect(only('1', at(A1, 'H', ''))).toMatchObject({ column: 'H', message: expect.stringContaining('Longitud de Nit') as string });
    expect(only('1', at(A1, 'H', '0614-123456-789-0'))).toMatchObject({ column: 'H' });
  });
  it('amounts: two decimals and a point, no negatives, the total re-adds, the IVA is 13 %', () => {
    expect(only('1', at(A1, 'J', '1,000.00'))).toMatchObject({ column: 'J', message: expect.stringContaining('sin separador') as string });
    expect(only('1', at(A1, 'J', '12345678901.00'))).toMatchObject({ column: 'J' });
    const negative = at(A1, 'L', '-37.70');
    expect(check('1', [negative]).map((p) => p.column)).toContain('L');
    expect(only('1', at(A1, 'P', '42.60'))).toMatchObject({ column: 'P', message: expect.stringContaining('J+K+L+N') as string });
    expect(only('1', at(A1, 'M', '4.92'))).toMatchObject({
      column: 'M',
      message: expect.stringContaining('Cálculo del monto del IVA') as string,
    });
    expect(check('1', [at(A1, 'M', '4.91')])).toEqual([]);
  });
  it('income-tax codes: required from January 2025, 0 before', () => {
    expect(only('1', at(A1, 'R', '0'))).toMatchObject({ column: 'R', message: expect.stringContaining('enero de 2025') as string });
    const december2024 = at(at(A1, 'A', '02/12/2024').join(';'), 'R', '0');
    expect(only('1', december2024, '2024-12')).toMatchObject({ column: 'S', message: expect.stringContaining('va en 0') as string });
    expect(only('1', at(A1, 'S', '11'))).toMatchObject({ column: 'S' });
  });
  it('the annex number in the last column', () => {
    expect(only('1', at(A1, 'T', '2'))).toMatchObject({ column: 'T', field: 'NÚMERO DE ANEXO' });
  });
});

describe('Anexo 2', () => {
  it('N/A in the identifier columns, and the total re-adds', () => {
    expect(only('2', at(A2, 'D', DTE))).toMatchObject({ column: 'D' });
    expect(only('2', at(A2, 'T', '19.00'))).toMatchObject({ column: 'T', message: expect.stringContaining('K+L+M+N+O+P+Q+R+S') as string });
  });
  it('a negative row is an earlier period’s invalidated document, up to three periods back', () => {
    const negative = (date: string) =>
      cells(`${date};4;01;N/A;N/A;N/A;N/A;${CODE};${CODE};;-0.40;0.00;0.00;-9.43;0.00;0.00;0.00;0.00;0.00;-9.83;4;3;2`);
    expect(check('2', [negative('20/10/2026')])).toEqual([]);
    expect(check('2', [negative('01/08/2026')])).toEqual([]);
    expect(only('2', negative('31/07/2026'))).toMatchObject({ column: 'A', message: 'Registro no es para el período a declarar.' });
    expect(only('2', negative('05/11/2026'))).toMatchObject({
      column: 'A',
      message: expect.stringContaining('período anterior') as string,
    });
  });
});
const DTE = 'DTE01M001P001000000000000002';

describe('Anexo 5', () => {
  it('the identification matches its type', () => {
    expect(only('5', at(A5, 'B', '06141234567890'))).toMatchObject({ column: 'B', message: 'Un DUI tiene 9 dígitos.' });
    expect(check('5', [at(at(A5, 'A', '1').join(';'), 'B', '06141234567890')])).toEqual([]);
  });
  it('the classification codes combine as MH’s matrix says', () => {
    const codes = (op: string, cls: string, sector: string, cost: string) =>
      cells(A5.replace(';1;2;2;2;5', `;${op};${cls};${sector};${cost};5`));
    expect(check('5', [codes('1', '1', '1', '6')])).toEqual([]);
    expect(only('5', codes('1', '1', '2', '6'))).toMatchObject({ column: 'L' });
    expect(only('5', codes('1', '2', '3', '4'))).toMatchObject({ column: 'L', message: 'Un gasto admite los tipos 1, 2 y 3.' });
    expect(check('5', [codes('9', '9', '9', '9')])).toEqual([]);
    expect(only('5', codes('9', '2', '2', '2'))).toMatchObject({ column: 'I', message: 'El código 9 va en las cuatro columnas.' });
  });
});

describe('the file', () => {
  it('a name over 25 characters and an extension other than .CSV are refused', () => {
    expect(checkAnnex('1', [], '2026-11', BOOKS_DEFAULTS, 'ANEXO1_202611_M001P001_X.CSV')).toEqual([
      expect.objectContaining({ row: 0, message: expect.stringContaining('25') as string }),
    ]);
    expect(checkAnnex('1', [], '2026-11', BOOKS_DEFAULTS, 'A1.txt')).toEqual([
      expect.objectContaining({ message: 'Solo se permiten archivos .CSV.' }),
    ]);
  });
  it('reads back what it writes: CRLF after every line, no quotes', () => {
    const text = annexText([cells(A1), cells(A1)]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).not.toContain('"');
    expect(parseAnnexText(text)).toEqual([cells(A1), cells(A1)]);
  });
});

describe('Windows-1252', () => {
  it('Spanish letters keep their one byte; a letter the code page lacks loses its mark; the rest is "?"', () => {
    expect([...encodeWindows1252('Martínez Ñ ü ¿€')]).toEqual([
      0x4d, 0x61, 0x72, 0x74, 0xed, 0x6e, 0x65, 0x7a, 0x20, 0xd1, 0x20, 0xfc, 0x20, 0xbf, 0x80,
    ]);
    expect(encodeWindows1252('Łódź ő 中').toString('latin1')).toBe('?ódz o ?');
    expect(new TextDecoder('windows-1252').decode(encodeWindows1252('“Café” — señor'))).toBe('“Café” — señor');
  });
});
