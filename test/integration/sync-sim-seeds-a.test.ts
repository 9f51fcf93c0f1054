// Seeds 1 to 350 of the sync engine's deterministic simulation (test/support/sync-sim/); two files so
// that vitest can run the halves of CI's 700 seeds in parallel.
import { describeSeeds } from '../support/sync-sim/seed-batches';

describeSeeds(1);
