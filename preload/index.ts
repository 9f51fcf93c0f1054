// Preload: exposes window.sello and nothing else. No logic here; the bridge is tested on its own.
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './bridge';

contextBridge.exposeInMainWorld('sello', buildBridge((channel, request) => ipcRenderer.invoke(channel, request)));
