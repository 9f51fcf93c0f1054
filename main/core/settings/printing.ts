// The station's printing settings (receipt width, silent printing, printer), kept in `settings` and audited; the
// device path and the logo are checked here (docs/decisions/0066-printers-and-logos-with-bounds.md).
import { validate } from '../../../shared/contract';
import { DEFAULT_PRINT_SETTINGS, printSettings, type PrintSettings } from '../../../shared/printing';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import type { FieldError } from '../../../shared/contract';
import { validationFailed } from '../errors';
import { silentLogger, type Logger } from '../logger';
import { checkDevicePath, nodeDeviceFs, type DeviceFs } from '../printer/device-path';
import { readLogo } from '../printer/logo';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';

const KEY = 'printing';

export interface Printing {
  get(): PrintSettings;
  set(input: unknown, actor: string): PrintSettings;
  /** The stored logo as both papers draw it; null (logged once) when one kept by an older version does not decode. */
  logo(): Buffer | null;
}

export interface PrintingOptions {
  /** Decides which device paths are printers (printer/device-path.ts). */
  readonly platform?: NodeJS.Platform;
  readonly deviceFs?: DeviceFs;
  readonly logger?: Logger;
}

export function printing(store: Store, clock: Clock, o: PrintingOptions = {}): Printing {
  const settings = settingsRepo(store);
  const platform = o.platform ?? process.platform;
  const logger = o.logger ?? silentLogger;
  // The last stored logo read at print time: decoded once per value, and a bad one logged once, not per receipt.
  let drawn: { readonly stored: string; readonly png: Buffer | null } | null = null;
  const get = (): PrintSettings => {
    const v = settings.get(KEY);
    // Settings stored before ESC/POS lack its fields: they read as the PDF receipt they were.
    return v ? { ...DEFAULT_PRINT_SETTINGS, ...(JSON.parse(v) as Partial<PrintSettings>) } : DEFAULT_PRINT_SETTINGS;
  };
  return {
    get,
    set(input, actor) {
      const parsed = validate(printSettings, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'La configuración de impresión tiene datos no válidos.');
      const errors: FieldError[] = [];
      const connection = parsed.value.escpos?.connection;
      if (connection?.kind === 'device') {
        const device = checkDevicePath(connection.path, platform, o.deviceFs ?? nodeDeviceFs);
        if (!device.ok) errors.push({ path: 'escpos.connection.path', code: 'NOT_ALLOWED', message: device.message });
      }
      const logo = parsed.value.logo === null ? null : readLogo(Buffer.from(parsed.value.logo, 'base64'));
      if (logo && !logo.ok) errors.push({ path: 'logo', code: 'INVALID_FORMAT', message: logo.message });
      if (errors.length) throw validationFailed(errors, 'La configuración de impresión tiene datos no válidos.');
      // Kept as the station re-encoded it: what prints later is what was decoded now.
      const value: PrintSettings = { ...parsed.value, logo: logo?.ok ? logo.png.toString('base64') : null };
      store.tx(() => {
        settings.set(KEY, JSON.stringify(value));
        audit(store, isoLocal(clock.now()), actor, 'settings.printing', null, value);
      });
      return value;
    },
    logo() {
      const stored = get().logo;
      if (stored === null) return null;
      if (drawn?.stored !== stored) {
        const read = readLogo(Buffer.from(stored, 'base64'));
        if (!read.ok) logger.warn('stored receipt logo does not decode: receipts print without it', { reason: read.message });
        drawn = { stored, png: read.ok ? read.png : null };
      }
      return drawn.png;
    },
  };
}
