// Preload: exposes window.sello and nothing else. No logic here; the bridge is tested on its own.
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './bridge';

contextBridge.exposeInMainWorld(
  'sello',
  buildBridge(
    (channel, request) => ipcRenderer.invoke(channel, request),
    (channel, handler) => {
      // The renderer gets the payload only, never the IPC event (it carries the sender).
      const wrapped = (_event: unknown, payload: unknown) => handler(payload);
      ipcRenderer.on(channel, wrapped);
      return () => void ipcRenderer.removeListener(channel, wrapped);
    },
  ),
);
