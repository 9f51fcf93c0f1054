// The first screen of a new installation: set up the real station, or look around with the demo first
// (the wizard stays in Ajustes).
import { useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { StationSaved } from '../../../shared/records';
import { es } from '../strings';
import { StationForm } from './StationForm';

export function FirstRun({
  api,
  onDemo,
  onDone,
}: {
  api: SelloApi;
  onDemo: () => void;
  onDone: (saved: StationSaved, admin?: string) => void;
}) {
  const [setUp, setSetUp] = useState(false);
  if (setUp) {
    return (
      <section aria-labelledby="wizard-title" className="first-run">
        <h1 id="wizard-title">{es.wizard.title}</h1>
        <StationForm api={api} mode="setup" current={null} onDone={onDone} onCancel={() => setSetUp(false)} />
      </section>
    );
  }
  return (
    <section aria-labelledby="welcome-title" className="first-run">
      <h1 id="welcome-title">{es.wizard.welcome}</h1>
      <p>{es.wizard.welcomeText}</p>
      <p className="muted">{es.wizard.needs}</p>
      <div className="row actions">
        <button type="button" className="primary" onClick={() => setSetUp(true)} autoFocus>
          {es.wizard.start}
        </button>
        <button type="button" onClick={onDemo}>
          {es.wizard.demo}
        </button>
      </div>
    </section>
  );
}
