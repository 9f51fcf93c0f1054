import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveApi } from './api';
import { Session } from './session/Session';
import './styles.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Session api={resolveApi()} />
    </StrictMode>,
  );
