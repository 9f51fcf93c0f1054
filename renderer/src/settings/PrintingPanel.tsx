// Ajustes → Impresión (docs/decisions/0041-escpos-receipts.md): the receipt as a PDF through the system's
// printing, or ESC/POS bytes straight to a thermal printer (network or device), its code page, QR and drawer,
// with a test print. Field errors from the station name the field.
import { useEffect, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { FieldError } from '../../../shared/contract';
import type { EscposSettings, PrintSettings } from '../../../shared/printing';
import { errorText } from '../error-text';
import { settingsWords } from '../words/settings';
import { printerWords as W } from '../words/printer';
import './delivery.css';

const DEFAULT_ESCPOS: EscposSettings = {
  connection: { kind: 'network', host: '', port: 9100 },
  codepage: 'cp858',
  qr: 'native',
  drawer: true,
};

export function PrintingPanel({ api }: { api: SelloApi }) {
  const [printing, setPrinting] = useState<PrintSettings | null>(null);
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [testing, setTesting] = useState(false);
  useEffect(() => void api.printSettings().then((r) => r.ok && setPrinting(r.value)), [api]);
  if (!printing) return null;

  const escpos = printing.escpos ?? DEFAULT_ESCPOS;
  const setEscpos = (next: Partial<EscposSettings>) => setPrinting({ ...printing, escpos: { ...escpos, ...next } });
  const fieldError = (path: string) => errors.find((e) => e.path === path)?.message;
  const described = (path: string) => (fieldError(path) ? { 'aria-invalid': true, 'aria-describedby': `${path}-error` } : {});
  const errorOf = (path: string) =>
    fieldError(path) && (
      <span id={`${path}-error`} className="error">
        {fieldError(path)}
      </span>
    );

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSay(null);
    const body = { ...printing, escpos: printing.receiptOutput === 'escpos' ? escpos : printing.escpos };
    const r = await api.setPrintSettings(body);
    if (r.ok) {
      setPrinting(r.value);
      setErrors([]);
      setSay({ text: W.saved, ok: true });
    } else {
      setErrors(r.error.errors ?? []);
      setSay({ text: errorText(r.error), ok: false });
    }
  };
  const test = async () => {
    setTesting(true);
    setSay({ text: W.testing, ok: true });
    const r = await api.testPrint();
    setTesting(false);
    setSay(r.ok ? { text: W.tested, ok: true } : { text: errorText(r.error), ok: false });
  };
  const conn = escpos.connection;
  /** The file as base64, checked by the station when saved (a PNG of at most 96 KB). */
  const pickLogo = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    setPrinting({ ...printing, logo: btoa(binary) });
  };

  return (
    <section aria-labelledby="printing-title" className="delivery-panel" data-testid="printing-panel">
      <h2 id="printing-title">{settingsWords.printing}</h2>
      <form onSubmit={(e) => void save(e)}>
        <fieldset className="row">
          <legend>{W.output}</legend>
          <label className="check">
            <input
              type="radio"
              name="receipt-output"
              value="pdf"
              checked={printing.receiptOutput === 'pdf'}
              onChange={() => setPrinting({ ...printing, receiptOutput: 'pdf' })}
            />{' '}
            {W.outputPdf}
          </label>
          <label className="check">
            <input
              type="radio"
              name="receipt-output"
              value="escpos"
              checked={printing.receiptOutput === 'escpos'}
              onChange={() => setPrinting({ ...printing, receiptOutput: 'escpos', escpos })}
            />{' '}
            {W.outputEscpos}
          </label>
        </fieldset>
        <div className="row">
          <div className="field">
            <label htmlFor="paper">{settingsWords.width}</label>
            <select
              id="paper"
              value={printing.receiptWidth}
              onChange={(e) => setPrinting({ ...printing, receiptWidth: Number(e.target.value) as 58 | 80 })}
            >
              <option value={80}>80 mm</option>
              <option value={58}>58 mm</option>
            </select>
          </div>
          {printing.receiptOutput === 'pdf' && (
            <>
              <div className="field">
                <label htmlFor="printer">{settingsWords.printer}</label>
                <input
                  id="printer"
                  value={printing.printer ?? ''}
                  onChange={(e) => setPrinting({ ...printing, printer: e.target.value.trim() ? e.target.value : null })}
                />
              </div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={printing.silentReceipt}
                  onChange={(e) => setPrinting({ ...printing, silentReceipt: e.target.checked })}
                />{' '}
                {settingsWords.silent}
              </label>
            </>
          )}
        </div>
        {printing.receiptOutput === 'escpos' && (
          <>
            <div className="row">
              <div className="field">
                <label htmlFor="printer-connection">{W.connection}</label>
                <select
                  id="printer-connection"
                  value={conn.kind}
                  onChange={(e) =>
                    setEscpos({
                      connection: e.target.value === 'device' ? { kind: 'device', path: '' } : { kind: 'network', host: '', port: 9100 },
                    })
                  }
                >
                  <option value="network">{W.network}</option>
                  <option value="device">{W.device}</option>
                </select>
              </div>
              {conn.kind === 'network' ? (
                <>
                  <div className="field">
                    <label htmlFor="printer-host">{W.host}</label>
                    <input
                      id="printer-host"
                      value={conn.host}
                      {...described('escpos.connection.host')}
                      onChange={(e) => setEscpos({ connection: { ...conn, host: e.target.value } })}
                    />
                    {errorOf('escpos.connection.host')}
                  </div>
                  <div className="field">
                    <label htmlFor="printer-port">{W.port}</label>
                    <input
                      id="printer-port"
                      inputMode="numeric"
                      value={String(conn.port)}
                      {...described('escpos.connection.port')}
                      onChange={(e) => setEscpos({ connection: { ...conn, port: Number(e.target.value.replace(/\D/g, '')) } })}
                    />
                    {errorOf('escpos.connection.port')}
                  </div>
                </>
              ) : (
                <div className="field">
                  <label htmlFor="printer-path">{W.path}</label>
                  <input
                    id="printer-path"
                    value={conn.path}
                    aria-describedby="printer-path-help"
                    {...described('escpos.connection.path')}
                    onChange={(e) => setEscpos({ connection: { kind: 'device', path: e.target.value } })}
                  />
                  <span id="printer-path-help" className="muted">
                    {W.pathHelp}
                  </span>
                  {errorOf('escpos.connection.path')}
                </div>
              )}
            </div>
            <div className="row">
              <div className="field">
                <label htmlFor="printer-codepage">{W.codepage}</label>
                <select
                  id="printer-codepage"
                  value={escpos.codepage}
                  onChange={(e) => setEscpos({ codepage: e.target.value as EscposSettings['codepage'] })}
                >
                  <option value="cp858">PC858 (recomendada)</option>
                  <option value="cp850">PC850</option>
                </select>
              </div>
              <div className="field">
                <label htmlFor="printer-qr">{W.qr}</label>
                <select id="printer-qr" value={escpos.qr} onChange={(e) => setEscpos({ qr: e.target.value as EscposSettings['qr'] })}>
                  <option value="native">{W.qrNative}</option>
                  <option value="raster">{W.qrRaster}</option>
                </select>
              </div>
              <label className="check">
                <input type="checkbox" checked={escpos.drawer} onChange={(e) => setEscpos({ drawer: e.target.checked })} /> {W.drawer}
              </label>
            </div>
          </>
        )}
        <div className="row">
          <div className="field">
            <label htmlFor="printer-logo">{W.logo}</label>
            <input
              id="printer-logo"
              type="file"
              accept="image/png"
              aria-describedby="printer-logo-help"
              onChange={(e) => void pickLogo(e.target.files?.[0])}
            />
            <span id="printer-logo-help" className="muted">
              {W.logoHelp}
            </span>
            {errorOf('logo')}
          </div>
          {printing.logo && (
            <>
              <img className="printer-logo" src={`data:image/png;base64,${printing.logo}`} alt={W.logoAlt} />
              <button type="button" onClick={() => setPrinting({ ...printing, logo: null })}>
                {W.logoRemove}
              </button>
            </>
          )}
        </div>
        <div className="row">
          <button type="submit">{W.save}</button>
          {printing.receiptOutput === 'escpos' && (
            <button type="button" disabled={testing} onClick={() => void test()}>
              {W.test}
            </button>
          )}
        </div>
        {say && (
          <p role={say.ok ? 'status' : 'alert'} className={say.ok ? undefined : 'error'} data-testid="printing-say">
            {say.text}
          </p>
        )}
      </form>
    </section>
  );
}
