// A BuildContext for serializers used outside the core (the 2026 ones are not in force): the demo company at a
// pre-2024 municipality code, so its v2.0 distrito is known (main/core/dte/mh/direccion-v2.ts), branch M001.
import { formatControlNumber } from '../../main/core/dte/control-number';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { StoredStation } from '../../main/core/station/profile';

const { mh: _mh, apiKeys: _keys, users: _users, webhooks: _hooks, smtp: _smtp, ...profile } = DEMO_STATION;

/** San Salvador: pre-2024 municipality 06/14, district 14 of the 2024 San Salvador Centro (06/23). */
export const V2_STATION: StoredStation = {
  ...profile,
  company: { ...profile.company, address: { ...profile.company.address, municipality: '14', district: null } },
  mh: null,
};

/** The n-th factura of the station's M001P001 sequence, issued on 2026-11-22 at 09:30 (El Salvador). */
export function v2Context(n: number, station: StoredStation = V2_STATION): BuildContext {
  return {
    station,
    identity: {
      codigoGeneracion: `C0FFEE00-0000-4000-8000-${String(n).padStart(12, '0')}`,
      numeroControl: formatControlNumber('FC', station.branch.mhCode, station.branch.posNumber, n),
      fecEmi: '2026-11-22',
      horEmi: '09:30:00',
    },
    operation: { kind: 'normal' },
    posNumber: station.branch.posNumber,
    related: () => undefined,
  };
}
