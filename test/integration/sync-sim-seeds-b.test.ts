// Seeds 351 to 700 of the sync engine's deterministic simulation (test/support/sync-sim/); two files so
// that vitest can run the halves of CI's 700 seeds in parallel.
import { describeSeeds, SEEDS_PER_FILE } from '../support/sync-sim/seed-batches';

describeSeeds(1 + SEEDS_PER_FILE);
