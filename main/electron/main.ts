// The Electron shell: a window, the app:// protocol, IPC onto the core. The only main code importing electron.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, powerMonitor, protocol, safeStorage, session } from 'electron';
import { EVENT_CHANNEL } from '../../shared/api';
import { coreApi, envelope } from '../core/api-adapter';
import { CALL_PERMISSIONS, requireCaller } from '../core/auth/permissions';
import { CoreError } from '../core/errors';
import { counterPapers } from '../core/printer/counter-papers';
import { hiddenPrintWindowOptions, printPdf, type PrinterDeps } from './printing';
import { createCoreHost, type CoreHost } from '../core/core-host';
import { consoleLogger } from '../core/logger';
import { resolveAppFile, responseHeaders } from './app-protocol';
import { registerIpc } from './ipc';
import { counterActivity } from './activity';
import { setUpUpdates } from './updates';
import { builtInPins } from './release-pins';
import { buildHttpServer } from '../http/server';
import { allowedMhUrls } from '../core/mh/pinned-address';
import { CLOCK_PROBE_MS } from '../core/clock-skew';
import { autoUpdater } from 'electron-updater';
import { desktopSecrets } from './desktop-secrets';
import { askPassphrase } from './passphrase-window';
import { allowPermission, isTrustedUrl } from './security';
import { START_URL, guardWebContents, mainWindowOptions } from './window';
import { demoSimulator } from '../mh-sim/demo';

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const logger = consoleLogger();
const rendererDir = join(__dirname, '..', 'renderer');
let host: CoreHost | null = null;
let updates: { stop(): void } | null = null;
/** Until the main window opens, the passphrase window may be the only one: closing it must not quit the app. */
let starting = true;

async function start(): Promise<void> {
  const baseDir = join(app.getPath('userData'), 'data');
  // safeStorage where the OS keeps its key; a passphrase where it would not (Linux's basic_text).
  const secrets = await desktopSecrets({ platform: process.platform, safeStorage, baseDir, ask: askPassphrase });
  if (!secrets) {
    app.quit();
    return;
  }
  // The real station in `data`, or the demo in `data/demo` until the first-run wizard sets one up.
  host = await createCoreHost({
    demoMh: demoSimulator,
    baseDir,
    deps: {
      logger,
      secrets: secrets.box,
      ...(secrets.former ? { formerSecrets: secrets.former } : {}),
      // MH's address is pinned to MH's own; another only when the app is started allowing it.
      allowedMhUrls: allowedMhUrls(process.env.SELLO_ALLOW_MH_URL),
      // MH's time at start and after half an hour of silence (clock-skew.ts), as under `sello serve`.
      clockProbeMs: CLOCK_PROBE_MS,
      // better-sqlite3's prebuilt binaries are Node-API, loaded by Electron as by Node; this names another if needed.
      ...(process.env.SELLO_SQLITE_BINDING ? { nativeBinding: process.env.SELLO_SQLITE_BINDING } : {}),
      // The month's books and the letter PDFs on threads of their own (decision 0045): the bundles beside this one.
      workers: { books: { file: join(__dirname, 'books-worker.cjs') }, pdf: { file: join(__dirname, 'pdf-worker.cjs') } },
    },
  });
  const h = host;
  const wrap = envelope(logger, () => h.current().disk.writeFailed());
  const printer: PrinterDeps = {
    createWindow: () => new BrowserWindow(hiddenPrintWindowOptions),
    async writeTemp(pdf) {
      const dir = await mkdtemp(join(tmpdir(), 'sello-print-'));
      const file = join(dir, 'documento.pdf');
      await writeFile(file, pdf, { mode: 0o600 });
      return { url: pathToFileURL(file).href, remove: () => rm(dir, { recursive: true, force: true }) };
    },
  };
  const printed = async (pdf: Buffer, o: { silent: boolean; printer: string | null; widthMm?: number }) => {
    const r = await printPdf(printer, pdf, o);
    if (!r.ok) throw new CoreError('PRINT_FAILED', `${r.reason}. Revise la impresora en Ajustes y vuelva a intentar.`);
    return { printed: true as const };
  };
  // The window's session lives in this API object (api-adapter.ts); printing checks it like any other call.
  const api = coreApi(h, logger);
  const counter = counterActivity({
    ...api,
    printReceipt: (id) =>
      wrap(async () => {
        const who = api.actor();
        requireCaller(who, CALL_PERMISSIONS.printReceipt, 'Imprimir');
        const c = h.current();
        const s = c.printing.get();
        // ESC/POS goes straight from the core (printer/printer-service.ts); the PDF through Chromium's printing.
        if (s.receiptOutput === 'escpos') return c.printer.printReceipt(id, who.id);
        return printed(await c.dtes.receipt(id, s.receiptWidth, who.id), {
          silent: s.silentReceipt,
          printer: s.printer,
          widthMm: s.receiptWidth,
        });
      }),
    printLetter: (id) =>
      wrap(async () => {
        requireCaller(api.actor(), CALL_PERMISSIONS.printLetter, 'Imprimir');
        return printed(await h.current().dtes.letterCopy(id), { silent: false, printer: null });
      }),
    printCloseReceipt: (id) =>
      wrap(async () => {
        const who = api.actor();
        requireCaller(who, CALL_PERMISSIONS.printCloseReceipt, 'Imprimir un cierre de caja');
        const c = h.current();
        const s = c.printing.get();
        if (s.receiptOutput === 'escpos') return counterPapers(c).closeTicket(id, who);
        return printed(await c.closes.receipt(id, s.receiptWidth, who), {
          silent: s.silentReceipt,
          printer: s.printer,
          widthMm: s.receiptWidth,
        });
      }),
    printReturnReceipt: (id) =>
      wrap(async () => {
        requireCaller(api.actor(), CALL_PERMISSIONS.printReturnReceipt, 'Imprimir una devolución');
        const s = h.current().printing.get();
        if (s.receiptOutput === 'escpos') return counterPapers(h.current()).returnReceipt(id);
        return printed(await h.current().returns.paper.receipt(id, s.receiptWidth), {
          silent: s.silentReceipt,
          printer: s.printer,
          widthMm: s.receiptWidth,
        });
      }),
    printReturnLetter: (id) =>
      wrap(async () => {
        requireCaller(api.actor(), CALL_PERMISSIONS.printReturnLetter, 'Imprimir una devolución');
        return printed(await h.current().returns.paper.letter(id), { silent: false, printer: null });
      }),
    printClosePdf: (id) =>
      wrap(async () => {
        const who = api.actor();
        requireCaller(who, CALL_PERMISSIONS.printClosePdf, 'Imprimir un cierre de caja');
        return printed(await h.current().closes.letterPdf(id, who), { silent: false, printer: null });
      }),
  });
  registerIpc(ipcMain, counter.api, isTrustedUrl);

  // The DTE service contract on localhost, for the branch's POS software (loopback only, API keys).
  const port = Number(process.env.SELLO_PORT ?? 8417);
  // The wizard runs in the window, over IPC: the local port never sets a station up (http/server.ts).
  const httpServer = await buildHttpServer(h, { logger, setupOverHttp: false });
  try {
    await httpServer.listen({ host: '127.0.0.1', port });
    logger.info('serving the DTE contract', { url: `http://127.0.0.1:${port}` });
  } catch (e) {
    // The counter works without it; a POS cannot reach this station until the port is free.
    logger.warn('the local HTTP API could not start', { port, error: e instanceof Error ? e.message : String(e) });
  }
  app.on('will-quit', () => void httpServer.close());

  updates = setUpUpdates({
    isPackaged: app.isPackaged,
    // Pinned at build time: no file in userData nor variable can redirect the feed (release-pins.ts).
    pins: builtInPins(),
    updater: autoUpdater,
    currentVersion: app.getVersion(),
    // Beside the data folder, not in it: a restored backup must not lower the floor (updates.ts).
    floorFile: join(app.getPath('userData'), 'update-floor.json'),
    busy: counter.busy,
    logger,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as NodeJS.Timeout),
    async confirm(version) {
      // "Más tarde" is the default and the Escape answer: a stray Enter at the counter never restarts the app.
      const r = await dialog.showMessageBox({
        type: 'info',
        title: 'Actualización de Sello',
        message: `Sello ${version} está listo para instalarse.`,
        detail: 'Sello se cerrará y volverá a abrir. Los documentos en cola se envían al volver; ninguno se pierde.',
        buttons: ['Más tarde', 'Reiniciar e instalar'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      });
      return r.response === 1;
    },
    refused(version, message) {
      void dialog.showMessageBox({
        type: 'warning',
        title: 'Actualización rechazada',
        message,
        detail: `Versión ${version}`,
        noLink: true,
      });
    },
  });
  // Back from sleep, or the network came back: try MH now rather than at the next timer.
  powerMonitor.on('resume', () => host?.current().sync.wake());
  powerMonitor.on('unlock-screen', () => host?.current().sync.wake());

  protocol.handle('app', async (request) => {
    const file = resolveAppFile(rendererDir, request.url);
    if (!file) return new Response('No encontrado', { status: 404 });
    try {
      return new Response(await readFile(file), { headers: responseHeaders(file) });
    } catch {
      return new Response('No encontrado', { status: 404 });
    }
  });
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(allowPermission(permission)));

  const win = new BrowserWindow(mainWindowOptions(join(__dirname, 'preload.cjs')));
  starting = false;
  guardWebContents(win.webContents);
  // Pushes for the UI: document status changes and the sync state.
  const unsubscribe = h.onEvent((e) => {
    if (!win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, e);
  });
  win.on('closed', unsubscribe);
  win.once('ready-to-show', () => win.show());
  await win.loadURL(START_URL);
}

// A promise nobody awaited must never take the counter down: log it and keep the app running.
process.on('unhandledRejection', (reason) =>
  logger.error('unhandled rejection', { error: reason instanceof Error ? reason.stack : String(reason) }),
);
app.on('web-contents-created', (_e, wc) => guardWebContents(wc));
app.on('window-all-closed', () => {
  if (!starting) app.quit();
});
app.on('will-quit', () => {
  updates?.stop();
  void host?.close();
});
app
  .whenReady()
  .then(start)
  .catch((e: unknown) => {
    // A damaged database, a second instance, a bad station: the person sees why and what to do.
    const message = e instanceof Error ? e.message : String(e);
    logger.error('could not start', { error: message });
    dialog.showErrorBox('Sello no pudo abrir', message);
    app.exit(1);
  });
