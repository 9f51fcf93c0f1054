// The webhooks the station POSTs to a POS (docs/decisions/0011-webhooks.md), as OpenAPI 3.1's `webhooks`: one per
// event, the body the sender writes (core/webhooks/sender.ts), its headers and the answers it reads.
// `same` (responses/proof.ts) makes the compiler refuse any difference between the schema and the core's WebhookBody<DteRecord>.
import { z } from 'zod';
import { SIGNATURE_HEADER, WEBHOOK_EVENTS, type WebhookBody, type WebhookEvent } from '../../../shared/webhooks';
import type { DteRecord } from '../../../shared/records';
import { dteRecord } from './responses/index';
import { WEBHOOK_EXAMPLES } from './examples';
import { same, type Plain, type Same } from './responses/proof';

export const webhookBody = z
  .strictObject({
    event: z.enum(WEBHOOK_EVENTS).describe('El evento; el mismo que X-Sello-Event.'),
    deliveryId: z
      .string()
      .describe('El id de esta entrega: igual en cada intento y en «enviar de nuevo». La entrega es al menos una vez: deduplique con él.'),
    occurredAt: z.string().describe('Cuándo ocurrió el evento, ISO 8601 con el desfase de El Salvador.'),
    // The document as GET /dte/{id} serves it, as it stood when the delivery was queued.
    data: dteRecord,
  })
  .meta({ id: 'WebhookBody', description: 'El cuerpo de cada webhook de Sello.' });

same<Same<z.output<typeof webhookBody>, Plain<WebhookBody<DteRecord>>>>(true);

const WHAT: Readonly<Record<WebhookEvent, string>> = {
  'dte.created': 'Se emitió un documento (firmado y guardado; puede decir ya PROCESSING).',
  'dte.approved': 'MH aprobó un documento: ya tiene sello de recepción.',
  'dte.rejected': 'MH rechazó un documento: no cuenta; emita uno nuevo con los datos corregidos.',
  'dte.invalidated': 'MH aprobó la invalidación de un documento.',
  'invalidation.rejected': 'MH rechazó la invalidación de un documento: sigue vigente.',
};

const header = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

type Json = Record<string, unknown>;

/** The `webhooks` section; its body schema is `#/components/schemas/WebhookBody`. */
export function webhooksSection(): Json {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => {
      const examples = WEBHOOK_EXAMPLES[`WEBHOOK ${event}`];
      return [
        event,
        {
          post: {
            tags: ['Envíos'],
            operationId: `webhook${event.replace(/(^|\.)([a-z])/g, (_m, _d: string, c: string) => c.toUpperCase())}`,
            summary: WHAT[event],
            description:
              'La estación lo envía por POST a cada webhook activo suscrito al evento (POST /webhooks). Verifique X-Sello-Signature ' +
              'antes de creer el cuerpo. Un 2xx lo da por entregado; 410 desactiva el webhook; cualquier otra respuesta, una ' +
              'redirección (no se sigue) o ninguna en 10 s se reintenta (5 s, duplicando hasta 10 min) durante 24 horas. En orden ' +
              'por documento y webhook.',
            parameters: [
              header('X-Sello-Event', 'El evento, como `event` del cuerpo.', { type: 'string', const: event }),
              header('X-Sello-Delivery', 'El id de la entrega, como `deliveryId` del cuerpo.', { type: 'string' }),
              header(
                SIGNATURE_HEADER,
                '`t=<segundos Unix>,v1=<HMAC-SHA256 en hexadecimal de "t.cuerpo" con el secreto del webhook>`. Calcule el HMAC ' +
                  'sobre los bytes recibidos, compárelo en tiempo constante y rechace un `t` viejo (repetición).',
                { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
              ),
              header('User-Agent', '`Sello/<versión>`.', { type: 'string' }),
            ],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { allOf: [{ $ref: '#/components/schemas/WebhookBody' }, { properties: { event: { const: event } } }] },
                  ...(examples ? { examples } : {}),
                },
              },
            },
            responses: {
              '2XX': { description: 'Entregado: no se envía de nuevo.' },
              '410': { description: 'El receptor ya no quiere avisos: el webhook se desactiva y sus entregas esperan a que se active.' },
              default: {
                description: 'No entregado: se reintenta durante 24 horas, luego queda FAILED (POST /webhook-deliveries/{id}/retry).',
              },
            },
          },
        },
      ];
    }),
  );
}
