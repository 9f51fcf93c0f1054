import type { Migration } from './types';

/**
 * Active products by unit: the 2026 normative's alert asks on every status read which active products use a unit
 * its CAT-014 lacks (catalog/unit-alerts.ts), a few index seeks instead of reading the whole catalog.
 */
export const m042ProductsByUnit: Migration = {
  version: 42,
  name: 'products-by-unit',
  up(db) {
    db.exec('CREATE INDEX products_active_unit ON products (active, unit_measure);');
  },
};
