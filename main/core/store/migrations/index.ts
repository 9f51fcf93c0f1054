// Every migration, statically imported so bundling never loses one. Append only; never edit a released one.
import { m001Initial } from './001-initial';
import type { Migration } from './types';

export type { Migration };
export const MIGRATIONS: readonly Migration[] = [m001Initial];
