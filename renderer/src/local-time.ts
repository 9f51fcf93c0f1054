// Every time on screen in El Salvador's time, whatever the instant's offset (MH's answers and the engine's
// contacts come in UTC; documents in -06:00) and whatever the computer's own zone: the one es-SV formatter.
import { esDateTime } from '../../shared/es-sv';

/** `22/11/2026 03:37:05` for an ISO instant (any offset); the text as given when it is not a date. */
export const localTime = (iso: string, seconds = true): string => esDateTime(iso, seconds);
