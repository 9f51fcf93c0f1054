// Every hub migration, statically imported so bundling never loses one. Append only; never edit a released one.
import { m001Initial } from './001-initial';
import { m002PeopleAndLists } from './002-people-and-lists';
import { m003RecordsAndHealth } from './003-records-and-health';
import { m004LoginThrottle } from './004-login-throttle';
import { m005Verify } from './005-verify';
import { m006SealChecks } from './006-seal-checks';
import { m007VerifiedRecords } from './007-verified-records';
import { m008InvalidationChecks } from './008-invalidation-checks';
import type { HubMigration } from './types';

export type { HubMigration };
export const HUB_MIGRATIONS: readonly HubMigration[] = [
  m001Initial,
  m002PeopleAndLists,
  m003RecordsAndHealth,
  m004LoginThrottle,
  m005Verify,
  m006SealChecks,
  m007VerifiedRecords,
  m008InvalidationChecks,
];
