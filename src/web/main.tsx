import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter, loadScreensOf } from './app/router';
import { FIRST_VIEW_DATA_ID, type FirstViewData } from './first-view-data';
import { RenderTimeContext } from './shared/first-render';
import './styles.css';

const root = document.getElementById('root')!;
const served = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;

if (served) {
  // The server rendered this page (decision 14): take over its HTML with the data it drew.
  const { renderedAt, hydrationData } = JSON.parse(served) as FirstViewData;
  await loadScreensOf(window.location.pathname);
  hydrateRoot(
    root,
    <StrictMode>
      <RenderTimeContext value={renderedAt}>
        <RouterProvider router={createRouter(hydrationData)} />
      </RenderTimeContext>
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
}
