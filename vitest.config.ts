import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // MH's address is pinned (main/core/mh/pinned-address.ts): `sello` processes the tests start talk to the
          // simulator on an ephemeral loopback port.
          env: { SELLO_ALLOW_MH_URL: 'http://127.0.0.1:*' },
        },
      },
    ],
  },
});
