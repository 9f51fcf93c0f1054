import { APP_ORIGIN, WEB_PREFERENCES, allowNavigation, windowOpenHandler } from './security';

export function mainWindowOptions(preloadPath: string) {
  return {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    title: 'Sello',
    show: false,
    backgroundColor: '#f6f7f9',
    webPreferences: { ...WEB_PREFERENCES, preload: preloadPath },
  };
}

/** The slice of a BrowserWindow's webContents the guards use. */
export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  setWindowOpenHandler(handler: () => { action: 'deny' }): void;
}

/** Navigation and window-open guards: the window only ever shows the app itself. */
export function guardWebContents(wc: WebContentsLike): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    if (!allowNavigation(url)) event.preventDefault();
  };
  wc.on('will-navigate', guard);
  wc.on('will-redirect', guard);
  wc.setWindowOpenHandler(windowOpenHandler);
}

export const START_URL = `${APP_ORIGIN}/index.html`;
