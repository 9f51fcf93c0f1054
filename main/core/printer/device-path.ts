// Which device paths are printers (docs/decisions/0066-printers-and-logos-with-bounds.md): a receipt written to
// any other file can plant a customer's name in a shell profile, and a `\\host\share` reaches any SMB host. Checked
// when the printing settings are saved and again just before every print (a setting stored by an older version).
import { realpathSync, statSync } from 'node:fs';

/** What the check reads from the file system: injected so the rules are tested without real devices. */
export interface DeviceFs {
  /** The path with every symlink resolved; throws when it does not exist. */
  realpath(path: string): string;
  isCharacterDevice(path: string): boolean;
}

export const nodeDeviceFs: DeviceFs = {
  realpath: (p) => realpathSync(p),
  isCharacterDevice: (p) => statSync(p).isCharacterDevice(),
};

/** The path to open (symlinks resolved on Linux), or why it is not a printer, in words the admin acts on. */
export type DeviceCheck =
  | { readonly ok: true; readonly path: string }
  /** `missing`: nothing there now (a USB printer unplugged); `refused`: there is something, and it is not a printer. */
  | { readonly ok: false; readonly reason: 'missing' | 'refused'; readonly message: string };

/** USB printers (usblp), USB-serial adapters, serial ports and parallel ports: the kernel's names for them. */
const UNIX_PRINTERS = [/^\/dev\/usb\/[^/]+$/, /^\/dev\/ttyUSB\d+$/, /^\/dev\/ttyS\d+$/, /^\/dev\/lp\d+$/];
/** `COM3`, or `\\.\COM10` (the form Windows needs from COM10 on). */
const WINDOWS_COM = /^(?:\\\\\.\\)?COM[1-9]\d{0,2}$/i;
/** A printer shared on this machine (RAW through the spooler): one share name, no hidden `$` share, no folder. */
const WINDOWS_LOCAL_SHARE = /^\\\\(?:localhost|127\.0\.0\.1)\\[^\\/:*?"<>|$]+$/i;

const WINDOWS_REFUSED =
  'En Windows indique un puerto COM (COM3, \\\\.\\COM10) o una impresora compartida en este equipo (\\\\localhost\\NombreImpresora).';
const UNIX_REFUSED =
  'Indique el dispositivo de la impresora: /dev/usb/lp0, /dev/lp0, /dev/ttyUSB0 o /dev/ttyS0 (no se permite un archivo común).';

const refused = (message: string): DeviceCheck => ({ ok: false, reason: 'refused', message });

/** Whether `path` names a receipt printer on `platform`; the only way a device path reaches `open`. */
export function checkDevicePath(path: string, platform: NodeJS.Platform, fs: DeviceFs = nodeDeviceFs): DeviceCheck {
  if (platform === 'win32') return WINDOWS_COM.test(path) || WINDOWS_LOCAL_SHARE.test(path) ? { ok: true, path } : refused(WINDOWS_REFUSED);
  if (!path.startsWith('/dev/')) return refused(UNIX_REFUSED);
  let real: string;
  try {
    real = fs.realpath(path);
  } catch {
    return { ok: false, reason: 'missing', message: `No existe ${path}: conecte y encienda la impresora y vuelva a intentarlo.` };
  }
  // The real path decides: a link in /dev that points at a regular file is that file.
  if (!UNIX_PRINTERS.some((r) => r.test(real))) return refused(UNIX_REFUSED);
  let device: boolean;
  try {
    device = fs.isCharacterDevice(real);
  } catch {
    device = false;
  }
  return device ? { ok: true, path: real } : refused(UNIX_REFUSED);
}
