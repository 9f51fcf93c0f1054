import type { Migration } from './types';

/**
 * The product catalog (main/core/catalog/products-repo.ts): a code unique in any case (`code_key`, its lower-case
 * form), a description, MH's unit and item type, the sale type, both prices as exact decimal strings (IVA
 * included and before IVA), and an active flag. Barcodes are rows of their own, each unique across the catalog.
 * Products are never deleted: one no longer sold is made inactive.
 */
export const m012Products: Migration = {
  version: 12,
  name: 'products',
  up(db) {
    db.exec(`
      CREATE TABLE products (
        id TEXT PRIMARY KEY,
        code TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 25),
        code_key TEXT NOT NULL UNIQUE,
        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 1000),
        -- Code and description without accents, lower case (dte/search-fold.ts), for searching.
        search_fold TEXT NOT NULL,
        unit_measure TEXT NOT NULL,
        item_type TEXT NOT NULL CHECK (item_type IN ('BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS')),
        sale_type TEXT NOT NULL CHECK (sale_type IN ('GRAVADA', 'EXENTA', 'NO_SUJETA')),
        shelf_price TEXT NOT NULL,
        net_price TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE TABLE product_barcodes (
        barcode TEXT PRIMARY KEY,
        product_id TEXT NOT NULL REFERENCES products (id),
        position INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX product_barcodes_by_product ON product_barcodes (product_id, position);
    `);
  },
};
