// The items of an Evento de Operaciones Especiales read from a CSV (main/core/dte/operaciones-especiales/eoe-csv.ts).
import { describe, expect, it } from 'vitest';
import { eoeItemsFromCsv } from '../../main/core/dte/operaciones-especiales/eoe-csv';
import { CoreError } from '../../main/core/errors';

const errorsOf = (csv: string) => {
  try {
    eoeItemsFromCsv({ csv });
    return [];
  } catch (e) {
    if (!(e instanceof CoreError)) throw e;
    return (e.errors ?? []).map((x) => `${x.path} ${x.code}`);
  }
};

describe('EOE items from a CSV', () => {
  it('reads ranges and single vouchers by their header, in any order, empty cells absent', () => {
    const { items } = eoeItemsFromCsv({
      csv: 'description,type,from,to,taxed,exempt\r\nVentas al detalle,2,FS-0001,FS-0100,1250.50,\r\nConsumo,97,C-1,C-9,,3\r\n',
    });
    expect(items).toEqual([
      { type: '02', from: 'FS-0001', to: 'FS-0100', description: 'Ventas al detalle', taxed: 1250.5 },
      { type: '97', from: 'C-1', to: 'C-9', description: 'Consumo', exempt: 3 },
    ]);
  });
  it('reads a spreadsheet saved with ; and decimal commas', () => {
    const { items } = eoeItemsFromCsv({ csv: 'type;number;date;description;taxed\n97;CCI-1;2026-11-03;Muestras;12,50\n' });
    expect(items).toEqual([{ type: '97', number: 'CCI-1', date: '2026-11-03', description: 'Muestras', taxed: 12.5 }]);
  });
  it('names the row and column of a bad cell, and an unknown or missing column', () => {
    expect(errorsOf('type,number,date,description,taxed\n97,C-1,2026-02-30,x,1\n97,C-2,2026-11-01,x,abc\n')).toEqual([
      'csv.2.date INVALID_DATE',
      'csv.3.taxed INVALID_TYPE',
    ]);
    expect(errorsOf('type,color,description\n97,rojo,x\n')).toEqual(['csv.1.color UNKNOWN_FIELD']);
    expect(errorsOf('number,taxed\nC-1,1\n')).toEqual(['csv.1.type REQUIRED', 'csv.1.description REQUIRED']);
  });
  it('refuses no rows and more than 500', () => {
    expect(errorsOf('type,description\n')).toEqual(['csv TOO_FEW']);
    const rows = Array.from({ length: 501 }, (_, i) => `97,C-${i},2026-11-01,x,1`).join('\n');
    expect(errorsOf(`type,number,date,description,taxed\n${rows}\n`)).toEqual(['csv TOO_MANY']);
  });
});
