// The composition root: builds one station core from its dependencies and wires its rooms together, a wing at a
// time (wiring/). No module-level state: tests build as many as they like. Each room is a factory in its own file.
import type { Core, CoreDeps } from './core-types';
import type { Outbound } from './delivery/outbound';
import type { MhClient } from './mh/client';
import type { SyncEngine } from './sync/engine';
import { basics } from './wiring/basics';
import { coreFace } from './wiring/core-face';
import { documentRooms } from './wiring/document-rooms';
import { later } from './wiring/late';
import { mhRooms } from './wiring/mh-rooms';
import { stationRooms } from './wiring/station-rooms';

export type { Core, CoreDeps } from './core-types';
export { SELLO_VERSION } from './station/station-service';

export function createCore(deps: CoreDeps): Core {
  const b = basics(deps);
  // The few rooms read by closures built before them (the alerts publish through the engine, and so on).
  const late = {
    sync: later<SyncEngine>('the sync engine'),
    out: later<Outbound>('the outbound senders'),
    client: later<() => MhClient | null>('the MH client'),
  };
  // The station's store, secrets, chain and records first; then MH and the hub; then the documents and their feeds.
  const station = stationRooms(b, late);
  const mh = mhRooms(b, station, late);
  const documents = documentRooms(b, station, mh, late);
  return coreFace(b, station, mh, documents);
}
