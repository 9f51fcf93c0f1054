// The company's establishments this station knows (docs/decisions/0084-emitir-new-kinds.md): kept as one setting,
// replaced whole by a supervisor, read by everyone at the counter to send goods to another branch in one step.
import { companyBranchesInput, type CompanyBranch, type CompanyBranches as CompanyBranchList } from '../../../shared/branches';
import { validate } from '../../../shared/contract/validate';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { validationFailed } from '../errors';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { DEMO_BRANCHES } from './demo';

const KEY = 'company.branches';

export interface CompanyBranches {
  readonly list: () => CompanyBranchList;
  /** `{branches}`: the whole list; a bad one is a 422 naming the field, and nothing is kept. */
  readonly set: (input: unknown, actor: string) => CompanyBranchList;
}

export interface CompanyBranchesDeps {
  readonly store: Store;
  readonly clock: Clock;
  /** Whether the station is the demo: its company shows a few branches until a supervisor keeps a list. */
  readonly demo: () => boolean;
}

export function companyBranches(d: CompanyBranchesDeps): CompanyBranches {
  const settings = settingsRepo(d.store);
  const list = (): CompanyBranchList => {
    const v = settings.get(KEY);
    if (v) return { branches: JSON.parse(v) as CompanyBranch[] };
    return { branches: d.demo() ? DEMO_BRANCHES : [] };
  };
  return {
    list,
    set(input, actor) {
      const parsed = validate(companyBranchesInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors);
      // Sorted by code, so the pickers list the head office first and the same branch in the same place.
      const branches = [...parsed.value.branches].sort((a, b) => a.code.localeCompare(b.code));
      d.store.tx(() => {
        settings.set(KEY, JSON.stringify(branches));
        audit(d.store, isoLocal(d.clock.now()), actor, 'settings.branches', null, { codes: branches.map((b) => b.code) });
      });
      return { branches };
    },
  };
}
