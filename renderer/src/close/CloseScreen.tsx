// Placeholder: this screen is being built (issue 14).
import type { SelloApi } from '../../../shared/api';
import type { SessionInfo } from '../../../shared/people';
import { es } from '../strings';

export function CloseScreen({ api, user }: { api: SelloApi; user: SessionInfo['user'] }) {
  void api;
  void user;
  return (
    <section>
      <h1>{es.close.title}</h1>
    </section>
  );
}
