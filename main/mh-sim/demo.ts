// The demo station's MH (main/core/core-host.ts, `demoMh`): this simulator on a loopback port, processing a lote in
// three seconds. The front doors (`sello serve`, the desktop app) bring it; the core holds the domain alone.
import type { DemoMhFactory } from '../core/core-host';
import { createMhSimulator } from './server';

export const demoSimulator: DemoMhFactory = ({ logger, clock, random }) => {
  const server = createMhSimulator({ logger, loteDelayMs: 3000, clock, random });
  return {
    async listen(port) {
      await server.app.listen({ host: '127.0.0.1', port });
      const a = server.app.server.address();
      return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    },
    registerKey: (nit, key) => server.registerKey(nit, key),
    close: () => server.app.close(),
  };
};
