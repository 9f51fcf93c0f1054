// The Electron security checklist in one place, as plain data and pure functions the tests can read.
import { UI_CSP } from '../http/ui';

export const APP_ORIGIN = 'app://sello';

export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

export const CONTENT_SECURITY_POLICY = UI_CSP;

/** Only pages of the app itself; everything else (remote pages, file:, data:) is refused. */
export function isTrustedUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

/** Navigation away from the app is never allowed; external links would open in the system browser. */
export const allowNavigation = (url: string): boolean => isTrustedUrl(url);

/** New windows are never created by the renderer. */
export const windowOpenHandler = (): { action: 'deny' } => ({ action: 'deny' });

/** Permission requests (camera, notifications, geolocation...) are all denied. */
export const allowPermission = (_permission: string): boolean => false;
