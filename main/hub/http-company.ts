// What the hub checks documents against, over HTTP (docs/decisions/0030-hub-trust-model.md): the company (NIT, NRC,
// name) and its public signing keys, renewed ones included. Anyone signed in reads them; only an ADMIN changes them.
import type { FastifyInstance } from 'fastify';
import { hubCertificateInput } from './certificates';
import { hubCompanyInput } from './company';
import type { Hub } from './create-hub';
import { parsed, personFor } from './http-auth';

export function registerCompanyRoutes(app: FastifyInstance, hub: Hub): void {
  app.get('/hub/v1/company', async (req) => {
    await personFor(hub, req, 'read');
    return { company: await hub.company.get(), certificates: await hub.certificates.list() };
  });
  app.put('/hub/v1/company', async (req) => {
    const person = await personFor(hub, req, 'admin');
    return hub.company.set(parsed(hubCompanyInput, req.body), person.login);
  });
  app.post('/hub/v1/certificates', async (req, reply) => {
    const person = await personFor(hub, req, 'admin');
    const { publicKey } = parsed(hubCertificateInput, req.body);
    return reply.code(201).send(await hub.certificates.add(publicKey, person.login));
  });
}
