// IPC wiring: validates who is calling and what they send, then calls the same API object HTTP serves.
import type { SelloApi } from '../../shared/api';
import { TITLES, type Result } from '../../shared/errors';
import { toFieldErrors } from '../../shared/contract/issues';
import { IPC_ARGS, IPC_CHANNEL, ipcRequest } from '../../shared/ipc';

/** The slice of Electron's ipcMain this module uses (so tests pass a fake). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

const rejected = (detail: string): Result<never> => ({
  ok: false,
  error: { code: 'MALFORMED_REQUEST', title: TITLES.MALFORMED_REQUEST, detail },
});

export function handleIpc(api: SelloApi, isTrustedUrl: (url: string) => boolean) {
  return async (event: { senderFrame: { url: string } | null }, raw: unknown): Promise<Result<unknown>> => {
    // Only our own renderer may call the core; never a frame that navigated elsewhere.
    if (!event.senderFrame || !isTrustedUrl(event.senderFrame.url)) return rejected('Origen de la llamada no autorizado.');
    const req = ipcRequest.safeParse(raw);
    if (!req.success) return rejected('Llamada IPC mal formada.');
    const args = IPC_ARGS[req.data.method].safeParse(req.data.args);
    if (!args.success) {
      return {
        ok: false,
        error: { code: 'VALIDATION_FAILED', title: TITLES.VALIDATION_FAILED, errors: toFieldErrors(args.error.issues, req.data.args) },
      };
    }
    const fn = (api as unknown as Partial<Record<string, (...a: unknown[]) => Promise<Result<unknown>>>>)[req.data.method];
    if (!fn) return rejected('Llamada IPC desconocida.');
    return fn(...(args.data as unknown[]));
  };
}

export function registerIpc(ipcMain: IpcMainLike, api: SelloApi, isTrustedUrl: (url: string) => boolean): () => void {
  const handler = handleIpc(api, isTrustedUrl);
  ipcMain.handle(IPC_CHANNEL, (event, raw) => handler(event, raw));
  return () => ipcMain.removeHandler(IPC_CHANNEL);
}
