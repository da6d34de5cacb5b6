import type { ReactNode } from 'react';
import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@parceldesk/shared/constants';
import { AuthProvider } from '../lib/auth-context';
import { ApiError } from '../lib/api-client';
import '@mantine/core/styles.css';
import 'react-toastify/dist/ReactToastify.css';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' });

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
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        {/* Spec section 9: top-right, 5000 ms, drag to dismiss at 80 %. */}
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggablePercent={TOAST_DRAG_PERCENT} newestOnTop />
      </QueryClientProvider>
    </MantineProvider>
  );
}
