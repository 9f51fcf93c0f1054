// The shell's configuration and glue, tested with fakes (no Electron binary on these machines).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_METHODS, EVENT_CHANNEL, type SelloApi } from '../../shared/api';
import { IPC_CHANNEL } from '../../shared/ipc';
import { resolveAppFile, responseHeaders } from '../../main/electron/app-protocol';
import { handleIpc, registerIpc } from '../../main/electron/ipc';
import { safeStorageBox } from '../../main/electron/safe-storage-box';
import { hiddenPrintWindowOptions, printPdf } from '../../main/electron/printing';
import { CONTENT_SECURITY_POLICY, WEB_PREFERENCES, allowPermission, isTrustedUrl } from '../../main/electron/security';
import { START_URL, guardWebContents, mainWindowOptions } from '../../main/electron/window';
import { coreApi } from '../../main/core/api-adapter';
import { silentLogger } from '../../main/core/logger';
import { buildBridge } from '../../preload/bridge';
import { fcBody } from '../fixtures/bodies';
import { testCore } from '../support/core';
import { arrayContaining, objectContaining } from '../support/match';

describe('window security', () => {
  it('isolates and sandboxes the renderer, with no Node in it', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/app/preload.cjs',
    });
    expect(WEB_PREFERENCES.allowRunningInsecureContent).toBe(false);
  });

  it('has a strict CSP: own origin only, no inline or eval script, no objects, no framing', () => {
    const csp = CONTENT_SECURITY_POLICY;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('trusts only the app origin', () => {
    expect(isTrustedUrl(START_URL)).toBe(true);
    for (const url of ['https://example.com', 'file:///etc/passwd', 'app://other/index.html', 'http://127.0.0.1:8417/', 'not a url']) {
      expect(isTrustedUrl(url)).toBe(false);
    }
    expect(allowPermission('media')).toBe(false);
  });

  it('guards navigation, redirects and new windows', () => {
    const listeners: Record<string, (e: { preventDefault(): void }, url: string) => void> = {};
    let openHandler: (() => { action: string }) | undefined;
    guardWebContents({ on: (ev, l) => (listeners[ev] = l), setWindowOpenHandler: (h) => (openHandler = h) });
    const away = { preventDefault: vi.fn() };
    listeners['will-navigate']?.(away, 'https://phishing.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    const inside = { preventDefault: vi.fn() };
    listeners['will-navigate']?.(inside, 'app://sello/index.html#/documentos');
    expect(inside.preventDefault).not.toHaveBeenCalled();
    const redirect = { preventDefault: vi.fn() };
    listeners['will-redirect']?.(redirect, 'http://evil.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();
    expect(openHandler?.()).toEqual({ action: 'deny' });
  });
});

describe('app:// protocol', () => {
  it('maps URLs into the renderer folder and never outside it', () => {
    expect(resolveAppFile('/r', 'app://sello/')).toBe('/r/index.html');
    expect(resolveAppFile('/r', 'app://sello/assets/index-abc.js')).toBe('/r/assets/index-abc.js');
    expect(resolveAppFile('/r', 'app://sello/..%2f..%2fetc%2fpasswd')).toBeNull();
    expect(resolveAppFile('/r', 'app://evil/index.html')).toBeNull();
    expect(responseHeaders('/r/index.html')).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CONTENT_SECURITY_POLICY,
    });
  });
});

describe('IPC glue', () => {
  const fakeApi = (): SelloApi & { calls: unknown[][] } => {
    const calls: unknown[][] = [];
    const ok = (v: unknown) => Promise.resolve({ ok: true as const, value: v as never });
    return {
      calls,
      health: () => ok('h'),
      monthBooks: () => ok('mb'),
      annexFile: () => ok('af'),
      bookFile: () => ok('bf'),
      invalidateReturn: () => ok('ir'),
      printReturnReceipt: () => ok('prr'),
      printReturnLetter: () => ok('prl'),
      returnJson: () => ok('rj'),
      sendReturn: () => ok('sr'),
      settleReturn: () => ok('st'),
      salesReport: () => ok('sr'),
      booksSettings: () => ok('bs'),
      setBooksSettings: () => ok('bs'),
      homologation: () => ok('ho'),
      startHomologation: () => ok('hs'),
      resumeHomologation: () => ok('hr'),
      homologationReport: () => ok('hf'),
      listDtes: (q) => (calls.push(['listDtes', q]), ok('l')),
      getDte: (id) => (calls.push(['getDte', id]), ok('g')),
      createDte: (k, b) => (calls.push(['createDte', k, b]), ok('c')),
      dteDetail: () => ok('d'),
      qrCode: () => ok({ qrCodeUri: 'data:' }),
      dteJson: () => ok({}),
      receivers: () => ok({ items: [] }),
      invalidate: () => ok('i'),
      settleInvalidation: () => ok('s'),
      returnDte: () => ok('rd'),
      dteReturns: () => ok('dr'),
      specialOperations: () => ok([]),
      syncStatus: () => ok('s'),
      retrySync: () => ok('s'),
      sendAgain: () => ok('s'),
      normativeSettings: () => ok('n'),
      setNormativeSettings: () => ok('n'),
      hubSettings: () => ok('h'),
      setHubSettings: () => ok('h'),
      numberingSettings: () => ok('n'),
      setNumberingSettings: () => ok('n'),
      listApiKeys: () => ok([]),
      createApiKey: () => ok({ id: 'k', key: 'sello_x' }),
      revokeApiKey: () => ok({ revoked: true }),
      printSettings: () => ok('p'),
      stationInfo: () => ok('st'),
      companyBranches: () => ok({ branches: [] }),
      setCompanyBranches: () => ok({ branches: [] }),
      setPrintSettings: () => ok('p'),
      setUpStation: (b) => (calls.push(['setUpStation', b]), ok('su')),
      seeWelcome: () => (calls.push(['seeWelcome']), ok('seen')),
      updateStation: () => ok('u'),
      printReceipt: (id) => (calls.push(['printReceipt', id]), ok({ printed: true })),
      printLetter: () => ok({ printed: true }),
      printerStatus: () => ok('ps'),
      testPrint: () => ok({ printed: true }),
      openCashDrawer: () => ok({ opened: true }),
      pendingReceipts: () => ok([]),
      reprintPending: () => ok({ printed: true }),
      discardPending: () => ok({ discarded: true }),
      activity: (s) => (calls.push(['activity', s]), ok({ noted: true })),
      backups: () => ok({ running: false, progress: null, lastError: null, items: [] }),
      backupNow: () => ok('b'),
      verifyAudit: () => ok({ ok: true, entries: 0, head: '' }),
      login: (l) => (calls.push(['login', l]), ok({ user: { login: l, name: 'N', role: 'CASHIER' } })),
      logout: () => ok({ loggedOut: true }),
      session: () => ok({ user: { login: 'cajero', name: 'N', role: 'CASHIER' } }),
      demoUsers: () => ok([]),
      listUsers: () => ok([]),
      createUser: () => ok('u'),
      updateUser: () => ok('u'),
      listProducts: () => ok({ items: [], nextCursor: null }),
      getProduct: () => ok('pr'),
      createProduct: () => ok('pr'),
      updateProduct: () => ok('pr'),
      importProducts: () => ok('im'),
      exportProducts: () => ok('ex'),
      makeClose: () => ok('cl'),
      listCloses: () => ok({ items: [], nextCursor: null }),
      getClose: () => ok('cl'),
      openDrawer: () => ok('op'),
      drawerOpening: () => ok(null),
      priceOverrideSettings: () => ok({ threshold: '0' }),
      setPriceOverrideSettings: () => ok({ threshold: '0' }),
      approvePrice: () => ok('ap'),
      listPriceOverrides: () => ok({ items: [] }),
      closePriceOverrides: () => ok({ items: [] }),
      correctFloat: () => ok('fc'),
      printCloseReceipt: () => ok({ printed: true }),
      printClosePdf: () => ok({ printed: true }),
      listWebhooks: () => ok([]),
      createWebhook: () => ok('wh'),
      deleteWebhook: () => ok({ deleted: true }),
      enableWebhook: () => ok('wh'),
      disableWebhook: () => ok('wh'),
      webhookDeliveries: () => ok({ items: [], nextCursor: null }),
      retryWebhookDelivery: () => ok('whd'),
      smtpSettings: () => ok('smtp'),
      setSmtpSettings: () => ok('smtp'),
      testSmtp: () => ok({ sent: true }),
      sendDte: () => ok('delivery'),
      retryFailedDeliveries: () => ok({ queued: 0 }),
      subscribe: () => () => undefined,
    };
  };
  const trusted = { senderFrame: { url: 'app://sello/index.html' } };

  it('refuses callers outside the app', async () => {
    const api = fakeApi();
    const r = await handleIpc(api, isTrustedUrl)({ senderFrame: { url: 'https://evil.example/' } }, { method: 'health', args: [] });
    expect(r).toMatchObject({ ok: false, error: { code: 'MALFORMED_REQUEST' } });
    expect(await handleIpc(api, isTrustedUrl)({ senderFrame: null }, { method: 'health', args: [] })).toMatchObject({ ok: false });
  });

  it('refuses unknown methods and bad arguments, naming the argument', async () => {
    const h = handleIpc(fakeApi(), isTrustedUrl);
    expect(await h(trusted, { method: 'deleteEverything', args: [] })).toMatchObject({ ok: false, error: { code: 'MALFORMED_REQUEST' } });
    expect(await h(trusted, 'health')).toMatchObject({ ok: false });
    const bad = await h(trusted, { method: 'createDte', args: ['XX', {}] });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: '0' })] } });
    expect(await h(trusted, { method: 'listDtes', args: [{ limit: 1000 }] })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });

  it('passes valid calls through to the API', async () => {
    const api = fakeApi();
    const h = handleIpc(api, isTrustedUrl);
    expect(await h(trusted, { method: 'getDte', args: ['abc'] })).toEqual({ ok: true, value: 'g' });
    expect(await h(trusted, { method: 'createDte', args: ['FC', { id: 'x' }] })).toEqual({ ok: true, value: 'c' });
    expect(api.calls).toEqual([
      ['getDte', 'abc'],
      ['createDte', 'FC', { id: 'x' }],
    ]);
  });

  it('registers one channel on ipcMain and can remove it', async () => {
    const handlers = new Map<string, (e: unknown, ...a: unknown[]) => Promise<unknown>>();
    const ipcMain = {
      handle: (c: string, l: (e: never, ...a: unknown[]) => Promise<unknown>) => void handlers.set(c, l as never),
      removeHandler: (c: string) => void handlers.delete(c),
    };
    const off = registerIpc(ipcMain, fakeApi(), isTrustedUrl);
    expect([...handlers.keys()]).toEqual([IPC_CHANNEL]);
    expect(await handlers.get(IPC_CHANNEL)?.(trusted, { method: 'health', args: [] })).toEqual({ ok: true, value: 'h' });
    off();
    expect(handlers.size).toBe(0);
  });

  it('the desktop window logs in like the browser: nothing before, its role after, nothing after logging out', async () => {
    const core = testCore();
    try {
      const api = coreApi(core, silentLogger);
      expect(await api.listDtes({})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      expect(await api.session()).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      expect(await api.demoUsers()).toMatchObject({ ok: true, value: arrayContaining([objectContaining({ login: 'cajero' })]) });
      expect(await api.login('cajero', '654321')).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      expect(await api.login('cajero', '123456')).toEqual({
        ok: true,
        value: { user: { login: 'cajero', name: 'Cajera Demo', role: 'CASHIER' } },
      });
      expect(api.actor()).toEqual({ id: 'user:cajero', caller: 'CASHIER' });
      expect(await api.listDtes({})).toMatchObject({ ok: true });
      // A cashier issues an FC but not a credit note, and never reaches the settings.
      expect(await api.createDte('FC', fcBody('11111111-2222-4333-8444-555555555556'))).toMatchObject({ ok: true });
      expect(await api.createDte('NC', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(await api.updateStation({})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(await api.listUsers()).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(await api.logout()).toEqual({ ok: true, value: { loggedOut: true } });
      expect(await api.listDtes({})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      // Throttled, the window learns how long to wait from the error itself (there is no Retry-After header).
      for (let i = 0; i < 5; i += 1) await api.login('supervisor', `no-es-${i}`);
      expect(await api.login('supervisor', 'demo-super')).toMatchObject({
        ok: false,
        error: { code: 'TOO_MANY_REQUESTS', retryAfter: 30 },
      });
    } finally {
      core.cleanup();
    }
  });

  it('the core behind IPC answers in envelopes, with field errors', async () => {
    const core = testCore();
    try {
      const api = coreApi(core, silentLogger);
      await api.login('cajero', '123456');
      const ok = await api.createDte('FC', fcBody('11111111-2222-4333-8444-555555555555'));
      expect(ok).toMatchObject({ ok: true, value: { type: 'FC', status: 'CREATED' } });
      const bad = await api.createDte('FC', { id: 'nope' });
      expect(bad).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED', errors: arrayContaining([objectContaining({ path: 'id' })]) },
      });
      expect(await api.getDte('11111111-2222-4333-8444-000000000000')).toMatchObject({ ok: false, error: { code: 'DTE_NOT_FOUND' } });
    } finally {
      core.cleanup();
    }
  });
});

describe('secrets through safeStorage', () => {
  const fake = {
    isEncryptionAvailable: () => true,
    encryptString: (s: string) => Buffer.from(`enc:${s}`),
    decryptString: (b: Buffer) => b.toString().slice(4),
  };
  it('round-trips and never stores the plain text', () => {
    const box = safeStorageBox(fake);
    const sealed = box.seal('clave-MH-2026!');
    expect(sealed).not.toContain('clave-MH-2026!');
    expect(box.open(sealed)).toBe('clave-MH-2026!');
  });
  it('refuses to run without the OS keychain', () => {
    expect(() => safeStorageBox({ ...fake, isEncryptionAvailable: () => false })).toThrow(/no está disponible/);
  });
});

describe('preload', () => {
  afterEach(() => vi.resetModules());

  it('the bridge sends every API method over the one channel', async () => {
    const sent: unknown[] = [];
    const handlers = new Map<string, (p: unknown) => void>();
    const bridge = buildBridge(
      (channel, request) => (sent.push([channel, request]), Promise.resolve('r')),
      (channel, handler) => (handlers.set(channel, handler), () => void handlers.delete(channel)),
    );
    expect(Object.keys(bridge).sort()).toEqual([...API_METHODS, 'subscribe'].sort());
    const got: unknown[] = [];
    const off = bridge.subscribe((e) => got.push(e));
    handlers.get(EVENT_CHANNEL)?.({ type: 'dte', id: 'x', status: 'APPROVED' });
    expect(got).toEqual([{ type: 'dte', id: 'x', status: 'APPROVED' }]);
    off();
    expect(handlers.size).toBe(0);
    await bridge.createDte('CCF', { a: 1 });
    expect(sent).toEqual([[IPC_CHANNEL, { method: 'createDte', args: ['CCF', { a: 1 }] }]]);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('exposes exactly one object, window.sello', async () => {
    const exposeInMainWorld = vi.fn();
    const invoke = vi.fn(() => Promise.resolve({ ok: true, value: 1 }));
    vi.doMock('electron', () => ({ contextBridge: { exposeInMainWorld }, ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() } }));
    await import('../../preload/index');
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, api] = exposeInMainWorld.mock.calls[0] as [string, SelloApi];
    expect(name).toBe('sello');
    await api.health();
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNEL, { method: 'health', args: [] });
  });
});

describe('printing from the desktop', () => {
  const fakeWindow = (success: boolean, reason = '') => {
    const w = {
      loaded: [] as string[],
      printed: [] as unknown[],
      destroyed: false,
      loadURL: (url: string) => (w.loaded.push(url), Promise.resolve()),
      webContents: { print: (o: unknown, cb: (ok: boolean, r: string) => void) => (w.printed.push(o), cb(success, reason)) },
      destroy: () => void (w.destroyed = true),
    };
    return w;
  };

  it('prints the receipt silently to the chosen printer at its paper width, then cleans up', async () => {
    const win = fakeWindow(true);
    let removed = false;
    const r = await printPdf(
      {
        createWindow: () => win,
        writeTemp: () => Promise.resolve({ url: 'file:///tmp/x.pdf', remove: () => ((removed = true), Promise.resolve()) }),
      },
      Buffer.from('%PDF'),
      { silent: true, printer: 'EPSON TM-T20', widthMm: 80 },
    );
    expect(r).toEqual({ ok: true });
    expect(win.loaded).toEqual(['file:///tmp/x.pdf']);
    expect(win.printed).toEqual([
      {
        silent: true,
        deviceName: 'EPSON TM-T20',
        printBackground: true,
        margins: { marginType: 'none' },
        pageSize: { width: 80_000, height: 297_000 },
      },
    ]);
    expect(win.destroyed && removed).toBe(true);
  });

  it('the letter PDF goes through the dialog; a failure says why and still cleans up', async () => {
    const win = fakeWindow(false, 'Impresora sin papel');
    let removed = false;
    const r = await printPdf(
      {
        createWindow: () => win,
        writeTemp: () => Promise.resolve({ url: 'file:///tmp/y.pdf', remove: () => ((removed = true), Promise.resolve()) }),
      },
      Buffer.from('%PDF'),
      { silent: false, printer: null },
    );
    expect(r).toEqual({ ok: false, reason: 'Impresora sin papel' });
    expect(win.printed).toEqual([{ silent: false, printBackground: true, margins: { marginType: 'default' } }]);
    expect(win.destroyed && removed).toBe(true);
  });

  it('the hidden print window is sandboxed, without Node or scripts', () => {
    expect(hiddenPrintWindowOptions).toMatchObject({
      show: false,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false },
    });
  });

  it('print settings are validated, stored, and answered through the same API', async () => {
    const core = testCore();
    try {
      const api = coreApi(core, silentLogger);
      await api.login('admin', 'demo-admin');
      expect(await api.printSettings()).toEqual({
        ok: true,
        value: { printer: null, receiptWidth: 80, silentReceipt: false, receiptOutput: 'pdf', escpos: null, logo: null },
      });
      expect(await api.setPrintSettings({ printer: 'EPSON TM-T20', receiptWidth: 58, silentReceipt: true })).toMatchObject({ ok: true });
      expect(await api.printSettings()).toMatchObject({ value: { receiptWidth: 58, silentReceipt: true } });
      const bad = await api.setPrintSettings({ printer: '', receiptWidth: 70, silentReceipt: true } as never);
      expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      expect(bad.ok ? [] : bad.error.errors?.map((e) => e.path).sort()).toEqual(['printer', 'receiptWidth']);
      expect(await api.printReceipt('x')).toMatchObject({ ok: false, error: { code: 'PRINTER_NOT_CONFIGURED' } });
    } finally {
      core.cleanup();
    }
  });
});
