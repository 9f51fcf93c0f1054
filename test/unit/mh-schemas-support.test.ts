// The test-side validator must still refuse what MH refuses: its exact multipleOf is checked both ways.
import { describe, expect, it } from 'vitest';
import { validatorFor } from '../support/mh-schemas';

describe('exact multipleOf in the schema validator', () => {
  const v = validatorFor('fe-cr-v1.json');
  const doc = (ivaRetenido: number) => ({ resumen: { totalIVAretenido: ivaRetenido } });
  const errorsAt = (value: number) => {
    v(doc(value));
    return (v.errors ?? []).filter((e) => e.instancePath === '/resumen/totalIVAretenido');
  };
  it('accepts cents that binary floats cannot divide evenly', () => {
    for (const value of [4.18, 0.07, 33973.02, 99999999.99]) expect(errorsAt(value)).toEqual([]);
  });
  it('refuses a third decimal', () => {
    expect(errorsAt(4.181).map((e) => e.keyword)).toEqual(['x-exactMultipleOf']);
  });
});
