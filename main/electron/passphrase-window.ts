// The passphrase window (desktop-secrets.ts): a small page of its own, no preload. Its form navigates to
// `sello-passphrase:<text>`; the navigation is stopped here and only read. Nothing typed is logged.
import { BrowserWindow } from 'electron';
import type { PassphraseAsk } from './desktop-secrets';
import { MIN_PASSPHRASE } from './desktop-secrets';
import { WEB_PREFERENCES } from './security';

const SCHEME = 'sello-passphrase:';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PROMPTS: Record<PassphraseAsk, string> = {
  new: `Elija una frase de paso (al menos ${MIN_PASSPHRASE} caracteres). Sello la pedirá cada vez que abra; sin ella, las contraseñas de MH y del certificado deberán escribirse de nuevo.`,
  unlock: 'Escriba la frase de paso de Sello en este equipo.',
  wrong: 'La frase de paso no coincide. Escríbala de nuevo.',
  short: `La frase de paso debe tener al menos ${MIN_PASSPHRASE} caracteres.`,
};

/** The page, as a data: URL (script inline; nothing else may load). */
export function passphrasePage(what: PassphraseAsk, reason: string): string {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>Sello: frase de paso</title>
<style>body{font:15px system-ui,sans-serif;margin:24px;color:#1d2330}p{margin:0 0 12px}input{width:100%;font:inherit;padding:6px;box-sizing:border-box}button{margin-top:12px;font:inherit;padding:6px 16px}</style>
</head><body><form id="f"><p>${escapeHtml(reason)}</p><p role="alert">${escapeHtml(PROMPTS[what])}</p>
<input id="p" type="password" autocomplete="off" autofocus aria-label="Frase de paso"><button type="submit">Continuar</button></form>
<script>document.getElementById('f').addEventListener('submit',function(e){e.preventDefault();location.href='${SCHEME}'+encodeURIComponent(document.getElementById('p').value);});</script>
</body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

/** Asks for the passphrase; null when the window is closed without one. */
export function askPassphrase(what: PassphraseAsk, reason: string): Promise<string | null> {
  return new Promise((resolve) => {
    const win = new BrowserWindow({
      width: 520,
      height: 300,
      resizable: false,
      minimizable: false,
      title: 'Sello',
      webPreferences: { ...WEB_PREFERENCES },
    });
    win.setMenu(null);
    let answer: string | null = null;
    win.webContents.on('will-navigate', (event, url) => {
      event.preventDefault();
      if (!url.startsWith(SCHEME)) return;
      answer = decodeURIComponent(url.slice(SCHEME.length));
      win.close();
    });
    win.on('closed', () => resolve(answer));
    void win.loadURL(passphrasePage(what, reason));
  });
}
