// The bench's second reference page: bare React plus React Router's data router, which the SPA
// must load before any page (docs/ARCHITECTURE.md). The login page's JavaScript over this one is
// what ParcelDesk's own code and libraries cost; this one over bare React is the router's floor.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const router = createBrowserRouter([{ path: '*', element: <main><h1>Hello from React Router</h1></main> }], { basename: '/courier' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
