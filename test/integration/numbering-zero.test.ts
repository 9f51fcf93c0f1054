// An administrator who tells the station that MH holds none of a kind (`last: {FC: 0}`) moved nothing and got a
// 500 (the sequences table keeps only numbers taken, last_value > 0; main/core/dte/control-number.ts): now it is a
// 200 that leaves numbering where it was, whether the station issued that kind already or not.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { NumberingView } from '../../shared/numbering';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, testCore } from '../support/core';
import { sessionHeaders } from '../support/session';

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
let admin: Record<string, string>;

beforeEach(async () => {
  core = testCore();
  app = await buildHttpServer(core, { logger: silentLogger });
  admin = { 'x-api-version': '1', ...(await sessionHeaders(app, 'admin')) };
});
afterEach(async () => {
  await app.close();
  core.cleanup();
});

const confirm = (last: Record<string, number>) =>
  app.inject({ method: 'PUT', url: '/settings/numbering', headers: admin, payload: { last } });
const fcLast = (v: NumberingView) => v.sequences.find((s) => s.kind === 'FC')?.last ?? null;

it('MH holding no FC, on a station that never issued one: 200, no sequence made', async () => {
  const res = await confirm({ FC: 0 });
  expect(res.statusCode, res.body).toBe(200);
  expect(fcLast(res.json<NumberingView>())).toBeNull();
});

it('MH holding no FC, on a station that issued some: 200, its own last kept', async () => {
  const issued = await app.inject({
    method: 'POST',
    url: '/dte/fc',
    headers: { 'x-api-version': '1', 'x-api-key': DEMO_KEY },
    payload: { ...fcBody('5d0e0000-0000-4000-8000-000000000001'), generatedAt: undefined },
  });
  expect(issued.statusCode, issued.body).toBe(201);
  const before = fcLast((await app.inject({ method: 'GET', url: '/settings/numbering', headers: admin })).json<NumberingView>());
  expect(before).toBeGreaterThan(0);
  const res = await confirm({ FC: 0, CCF: 7 });
  expect(res.statusCode, res.body).toBe(200);
  expect(fcLast(res.json<NumberingView>())).toBe(before);
  expect(res.json<NumberingView>().sequences.find((s) => s.kind === 'CCF')?.last).toBe(7);
});
