// What the MH simulator says it sealed (GET /_sim/record), for holding a homologation report against it.
export interface SimRecord {
  readonly documents: { codigoGeneracion: string; tipoDte: string; numeroControl: string | null; sello: string | null }[];
  readonly invalidations: { dte: string; codigoGeneracion: unknown; sello: unknown }[];
  readonly contingencyEvents: string[];
  readonly returns: { codigoGeneracion: string; sello: unknown }[];
  readonly specialOperations: { codigoGeneracion: string; sello: unknown }[];
  readonly received: Record<string, number>;
  readonly receivedAfterAccepted: number;
}

export async function simRecord(url: string): Promise<SimRecord> {
  const r = await fetch(`${url}/_sim/record`);
  if (!r.ok) throw new Error(`/_sim/record: ${r.status}`);
  return (await r.json()) as SimRecord;
}
