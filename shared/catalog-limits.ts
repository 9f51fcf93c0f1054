// The catalog's field lengths, with no schema behind them, for the counter's search box.
/** MH's `codigo` of an item line holds 25 characters. */
export const PRODUCT_CODE_MAX = 25;
export const PRODUCT_DESCRIPTION_MAX = 1000;
export const BARCODE_MAX = 48;
