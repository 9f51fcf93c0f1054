// Documents a test sends to the hub by hand, made so the hub's checks pass (docs/decisions/0030-hub-trust-model.md):
// identificacion and emisor agree with the fields and the company, and the JWS is signed with a key the hub holds.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { MH_TYPE } from '../../shared/contract/kinds';
import { signJson } from '../../main/core/signing/jws';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { Hub } from '../../main/hub/create-hub';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { setHubCompany } from './hub-stations';

/** A company key for a test: the hub gets its public half, the test signs with the private one. */
export async function trustedKey(hub: Hub): Promise<KeyObject> {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await setHubCompany(hub);
  await hub.certificates.add(pair.publicKey.export({ format: 'pem', type: 'spki' }).toString(), 'test');
  return pair.privateKey;
}

/** `d` with the MH JSON the hub checks (its identifiers, the demo company as emisor) and a JWS of it signed by `key`. */
export function signed(d: IngestDocument, key: KeyObject): IngestDocument {
  const { nit, nrc, name } = DEMO_STATION.company;
  const mhJson = {
    ...d.mhJson,
    identificacion: {
      ...((d.mhJson.identificacion as Record<string, unknown> | undefined) ?? {}),
      version: d.version,
      tipoDte: MH_TYPE[d.kind],
      numeroControl: d.controlNumber,
      codigoGeneracion: d.id.toUpperCase(),
      fecEmi: d.issueDate,
    },
    emisor: { nit, nrc, nombre: name },
  };
  return { ...d, mhJson, jws: signJson(mhJson, key) };
}
