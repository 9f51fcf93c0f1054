// Printing from the desktop: the receipt straight to the chosen printer when the station asks for it, the
// letter PDF through the system's print dialog. The PDF is shown in a hidden, sandboxed window and printed.

/** The slice of a BrowserWindow the printer uses (tests pass a fake). */
export interface PrintWindow {
  loadURL(url: string): Promise<void>;
  webContents: {
    print(options: PrintOptions, callback: (success: boolean, failureReason: string) => void): void;
  };
  destroy(): void;
}

export interface PrintOptions {
  silent: boolean;
  deviceName?: string;
  printBackground: boolean;
  margins: { marginType: 'none' | 'default' };
  pageSize?: { width: number; height: number };
}

export interface PrinterDeps {
  /** A hidden window that can show a PDF (sandboxed, no Node, plugins on for Chromium's PDF viewer). */
  createWindow(): PrintWindow;
  /** Writes the PDF where the window can load it; returns its file URL and a cleanup. */
  writeTemp(pdf: Buffer): Promise<{ url: string; remove(): Promise<void> }>;
}

export type PrintResult = { ok: true } | { ok: false; reason: string };

export const hiddenPrintWindowOptions = {
  show: false,
  webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, plugins: true, javascript: false },
} as const;

export async function printPdf(
  deps: PrinterDeps,
  pdf: Buffer,
  o: { silent: boolean; printer: string | null; widthMm?: number },
): Promise<PrintResult> {
  const file = await deps.writeTemp(pdf);
  const win = deps.createWindow();
  try {
    await win.loadURL(file.url);
    const options: PrintOptions = {
      silent: o.silent,
      printBackground: true,
      margins: { marginType: o.widthMm ? 'none' : 'default' },
      ...(o.printer ? { deviceName: o.printer } : {}),
      // Thermal paper: the receipt's own width (microns); its length follows the content.
      ...(o.widthMm ? { pageSize: { width: o.widthMm * 1000, height: 297_000 } } : {}),
    };
    return await new Promise<PrintResult>((resolve) => {
      win.webContents.print(options, (success, reason) =>
        resolve(success ? { ok: true } : { ok: false, reason: reason || 'la impresión no se completó' }),
      );
    });
  } finally {
    win.destroy();
    await file.remove();
  }
}
