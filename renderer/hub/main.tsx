import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HubApp } from './App';
import '../src/styles.css';
import './hub.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <HubApp />
    </StrictMode>,
  );
