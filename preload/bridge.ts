import { API_METHODS, EVENT_CHANNEL, IPC_CHANNEL, type IpcRequest, type SelloApi } from '../shared/api';
import type { SelloEvent } from '../shared/records';

export type Invoke = (channel: string, request: IpcRequest) => Promise<unknown>;
/** Listens on a push channel; returns the unsubscribe. */
export type Listen = (channel: string, handler: (payload: unknown) => void) => () => void;

/** The one object exposed to the renderer: every API method as a call over the single IPC channel. */
export function buildBridge(invoke: Invoke, listen: Listen): SelloApi {
  const bridge: Record<string, unknown> = {};
  for (const method of API_METHODS) bridge[method] = (...args: unknown[]) => invoke(IPC_CHANNEL, { method, args });
  bridge.subscribe = (listener: (e: SelloEvent) => void) => listen(EVENT_CHANNEL, (payload) => listener(payload as SelloEvent));
  return Object.freeze(bridge) as unknown as SelloApi;
}
