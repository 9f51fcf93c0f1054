// Nota de remisión (NR) bodies (docs/decisions/0080-nota-de-remision.md): goods sent to another establishment of the
// company (the receptor is the company itself) or to a customer on consignment, deposit or before the CCF, with CAT-025's
// reason, the goods lines of a CCF, and now and then who hands them over and receives them, discounts and observations.
import type { z } from 'zod';
import type { nrBody } from '../../../../shared/contract';
import { address, personName, taxpayer } from './parties';
import type { Rng } from './rng';
import { globalDiscounts, pickProducts, productLine } from './sale';

type NrInput = z.input<typeof nrBody>;

/**
 * Establishments in the 900s: a warehouse or yard a homologation station is unlikely to be, since the NR may not
 * go to the establishment that issues it (the generator does not know the station's).
 */
const destination = (rng: Rng) => ({
  code: `${rng.pick(['B', 'P'] as const)}9${rng.digits(2)}`,
  name: `${rng.pick(['Bodega', 'Sucursal', 'Predio'] as const)} ${rng.int(2, 40)}`,
  address: address(rng),
});

/** A customer the goods go to: a taxpayer by NIT (with its NRC) or a person by DUI (MH: an NRC only with a NIT). */
function recipient(rng: Rng) {
  const t = taxpayer(rng, ['NIT', 'NIT', 'DUI']);
  return {
    name: t.name,
    identificationDocument: t.identificationDocument,
    ...(t.identificationDocument.type === 'NIT' ? { nrc: t.nrc } : {}),
    economicActivity: t.economicActivity,
    ...(t.commercialName ? { commercialName: t.commercialName } : {}),
    address: t.address,
    ...(t.phone ? { phone: t.phone } : {}),
    email: t.email,
  };
}

const person = (rng: Rng) => ({ name: personName(rng), document: `DUI ${rng.digits(8)}-${rng.digits(1)}` });

export function generateNr(id: string, rng: Rng): NrInput {
  const toBranch = rng.chance(0.6);
  const items = pickProducts(rng, rng.int(1, 6)).map((product) => productLine(rng, product, 60));
  return {
    id,
    goodsTitle: toBranch ? 'TRASLADO' : rng.pick(['DEPOSITO', 'PROPIEDAD', 'CONSIGNACION', 'OTROS'] as const),
    ...(toBranch ? { destinationBranch: destination(rng) } : { recipient: recipient(rng) }),
    ...(rng.chance(0.3) ? { deliveredBy: person(rng) } : {}),
    ...(rng.chance(0.3) ? { receivedBy: person(rng) } : {}),
    items,
    ...globalDiscounts(rng, items),
    ...(rng.chance(0.2) ? { observations: 'Mercadería revisada al salir; el receptor firma la copia impresa.' } : {}),
  };
}
