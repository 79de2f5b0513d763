import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { App } from './app/app';
import { AppProviders } from './app/app-providers';
import { createAppStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    {/* The router is outermost: toasts render in the providers, and a toast may hold a link. */}
    <BrowserRouter>
      <AppProviders store={createAppStore()}>
        <App />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
