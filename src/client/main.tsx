import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { PageMeta } from './app/page-meta.tsx';
import { AppRoutes } from './app/routes.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <PageMeta />
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
