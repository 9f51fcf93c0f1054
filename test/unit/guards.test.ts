import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../main/http/guards';

describe('loopback binding', () => {
  it('tells a bind address only this machine reaches from one the network reaches', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'caja.local', '128.0.0.1', '127.0.0.1.evil'])
      expect(isLoopback(h), h).toBe(false);
  });
});
