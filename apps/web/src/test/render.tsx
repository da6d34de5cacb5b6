import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}

/** A fresh query cache that fails at once instead of retrying. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface RenderOptions {
  /** Where the memory router starts; '/' unless told. */
  route?: string;
  /** A query client the test wants to look into; a fresh one unless told. */
  client?: QueryClient;
  /** Wrap in React's StrictMode (effects run twice), for screens that must survive it. */
  strict?: boolean;
}

/**
 * The web app's providers for a test: Mantine (test env: no transitions or portals), a query
 * cache and a memory router. Auth is not provided here: tests mock `useAuth` from lib/auth-context.
 */
export function renderWithProviders(ui: ReactNode, { route = '/', client = testQueryClient(), strict = false }: RenderOptions = {}) {
  const tree = (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, user: userEvent.setup(), client };
}

/** Shows the router's current path and query as #where, for tests that follow navigation. */
export function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

/** Renders the given routes at `path`, with a #where line showing the current location. */
export function renderRoutes(routes: Record<string, ReactElement>, path: string, { client }: Omit<RenderOptions, 'route'> = {}) {
  return renderWithProviders(
    <>
      <Routes>
        {Object.entries(routes).map(([route, element]) => <Route key={route} path={route} element={element} />)}
      </Routes>
      <Where />
    </>,
    { route: path, client },
  );
}
