// Placeholder: this screen is being built (issue 14).
import type { SelloApi } from '../../../shared/api';
import type { SessionInfo } from '../../../shared/people';
import { es } from '../strings';

export function QuickSaleScreen({ api, user }: { api: SelloApi; user: SessionInfo['user'] }) {
  void api;
  void user;
  return (
    <section>
      <h1>{es.sale.title}</h1>
    </section>
  );
}
