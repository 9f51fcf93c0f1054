// The query strings and small bodies the HTTP routes check themselves (the core checks the rest): one copy, read by
// the routes (server.ts) and by the OpenAPI document (openapi/operations.ts).
import { z } from 'zod';
import { DTE_KINDS, isoDate } from '../../shared/contract';
import { DTE_STATUSES } from '../../shared/records';
import { CATALOG_FORMATS } from '../../shared/catalog';

export const listQuery = z.strictObject({
  type: z.enum(DTE_KINDS).optional(),
  status: z.enum(DTE_STATUSES).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  q: z.string().trim().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(500).optional(),
});

export const receiversQuery = z.strictObject({ type: z.enum(DTE_KINDS), q: z.string().trim().min(1).max(100).optional() });

export const apiKeyBody = z.strictObject({ name: z.string().trim().min(1).max(100) });

export const receiptQuery = z.strictObject({
  width: z
    .enum(['58', '80'])
    .default('80')
    .transform((w) => Number(w) as 58 | 80),
});

export const homologationReportQuery = z.strictObject({ format: z.enum(['pdf', 'csv']).default('pdf') });

export const exportQuery = z.strictObject({ format: z.enum(CATALOG_FORMATS).default('csv') });
