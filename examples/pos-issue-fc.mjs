#!/usr/bin/env node
// A POS issuing through Sello's local API (docs/api.md): an FC for one coffee, waited on until MH approves it,
// then its PDF saved beside this program's working folder. Node 20 or later, nothing to install.
//
//   SELLO_URL=http://127.0.0.1:8417 SELLO_API_KEY=… node examples/pos-issue-fc.mjs
//
// The station answers the FC at once (201) with status CREATED (signed, stored, queued for MH) or, if MH answers
// within `Prefer: wait`, APPROVED (or REJECTED); PROCESSING is a document being handed to MH, seen on a later GET.
// Offline, the document is signed and printable anyway and MH approves it later: this program keeps asking.
/* global fetch, setTimeout */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';

const base = process.env.SELLO_URL ?? 'http://127.0.0.1:8417';
const key = process.env.SELLO_API_KEY ?? 'sello-demo-api-key';
const waitSeconds = Number(process.env.SELLO_WAIT_SECONDS ?? 120);
const headers = { 'content-type': 'application/json', 'x-api-key': key, 'x-api-version': '1' };

/** A problem+json answer, printed with the fields it names, ends the program. */
async function fail(res, what) {
  const problem = await res.json().catch(() => ({}));
  console.error(`${what}: ${res.status} ${problem.title ?? ''}. ${problem.detail ?? ''}`);
  for (const e of problem.errors ?? []) console.error(`  ${e.path}: ${e.code} ${e.message}`);
  process.exit(1);
}

const id = randomUUID();
const body = {
  id,
  paymentType: 'CONTADO',
  items: [{ type: 'BIENES', description: 'Café americano', quantity: 1, unitMeasure: 'UNIDAD', unitPrice: 1.5, saleType: 'GRAVADA' }],
};
// `Prefer: wait=10` lets MH answer within the request when it can.
const created = await fetch(`${base}/dte/fc`, { method: 'POST', headers: { ...headers, prefer: 'wait=10' }, body: JSON.stringify(body) });
if (created.status !== 201 && created.status !== 200) await fail(created, 'POST /dte/fc');
let record = await created.json();
console.log(`${record.controlNumber} ${record.status}`);

const deadline = Date.now() + waitSeconds * 1000;
while (record.status !== 'APPROVED') {
  if (record.status === 'REJECTED') {
    console.error(`MH rechazó el documento: ${JSON.stringify(record.mhResponse?.observaciones ?? record.mhResponse)}`);
    process.exit(2);
  }
  if (Date.now() > deadline) {
    console.error(`Sin sello de MH tras ${waitSeconds} s: el documento sigue ${record.status}; la estación lo transmitirá sola.`);
    process.exit(3);
  }
  await new Promise((r) => setTimeout(r, 1000));
  const res = await fetch(`${base}/dte/${id}`, { headers });
  if (!res.ok) await fail(res, `GET /dte/${id}`);
  record = await res.json();
}
console.log(`${record.controlNumber} APPROVED sello ${record.mhResponse?.selloRecibido ?? ''}`);

const pdf = await fetch(`${base}/dte/${id}/download/pdf`, { headers });
if (!pdf.ok) await fail(pdf, 'GET /dte/{id}/download/pdf');
const file = `${id.toUpperCase()}.pdf`;
await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
console.log(`PDF: ${file}`);
