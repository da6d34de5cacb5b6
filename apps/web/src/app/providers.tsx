import type { ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@parceldesk/shared/constants';
import { AuthProvider } from '../lib/auth-context';
import { ApiError } from '../lib/api-client';
import '@mantine/core/styles.css';
import 'react-toastify/dist/ReactToastify.css';

// Mantine's default blue (shade 6, #228be6) and dimmed grey (#868e96) fail WCAG AA against white
// (3.55:1 and 3.32:1, Lighthouse color-contrast): buttons and links use shade 8 (#1971c2, 5:1), and
// secondary text grey 7 (#495057, 8:1).
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});
const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: { '--mantine-color-dimmed': current.colors.gray[7] ?? '#495057' },
  dark: {},
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        {/* Spec section 9: top-right, 5000 ms, drag to dismiss at 80 %. */}
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggablePercent={TOAST_DRAG_PERCENT} newestOnTop />
      </QueryClientProvider>
    </MantineProvider>
  );
}
