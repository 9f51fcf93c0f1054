// The station's printing settings (receipt width, silent printing, printer), kept in `settings` and audited.
import { validate } from '../../../shared/contract';
import { DEFAULT_PRINT_SETTINGS, printSettings, type PrintSettings } from '../../../shared/printing';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { validationFailed } from '../errors';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';

const KEY = 'printing';

export interface Printing {
  get(): PrintSettings;
  set(input: unknown, actor: string): PrintSettings;
}

export function printing(store: Store, clock: Clock): Printing {
  const settings = settingsRepo(store);
  return {
    get() {
      const v = settings.get(KEY);
      // Settings stored before ESC/POS lack its fields: they read as the PDF receipt they were.
      return v ? { ...DEFAULT_PRINT_SETTINGS, ...(JSON.parse(v) as Partial<PrintSettings>) } : DEFAULT_PRINT_SETTINGS;
    },
    set(input, actor) {
      const parsed = validate(printSettings, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'La configuración de impresión tiene datos no válidos.');
      store.tx(() => {
        settings.set(KEY, JSON.stringify(parsed.value));
        audit(store, isoLocal(clock.now()), actor, 'settings.printing', null, parsed.value);
      });
      return parsed.value;
    },
  };
}
