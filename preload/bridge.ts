import { API_METHODS, IPC_CHANNEL, type IpcRequest, type SelloApi } from '../shared/api';

export type Invoke = (channel: string, request: IpcRequest) => Promise<unknown>;

/** The one object exposed to the renderer: every API method as a call over the single IPC channel. */
export function buildBridge(invoke: Invoke): SelloApi {
  const bridge: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of API_METHODS) bridge[method] = (...args) => invoke(IPC_CHANNEL, { method, args });
  return Object.freeze(bridge) as unknown as SelloApi;
}
